/**
 * Disclosure buttons (`[data-disclosure]` with aria-controls): the Events dropdown, the account menu
 * and the country/language panel. Click toggles; Escape, a click outside or focus leaving closes.
 */
export function initDisclosures(root: ParentNode = document) {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button[data-disclosure]")];
  const panelOf = (button: HTMLButtonElement) => document.getElementById(button.getAttribute("aria-controls") ?? "");

  const setOpen = (button: HTMLButtonElement, open: boolean) => {
    const panel = panelOf(button);
    if (!panel) return;
    button.setAttribute("aria-expanded", String(open));
    panel.hidden = !open;
  };

  for (const button of buttons) {
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-expanded") !== "true";
      for (const other of buttons) if (other !== button) setOpen(other, false);
      setOpen(button, open);
    });
    const wrapper = button.closest<HTMLElement>("[data-disclosure-root]") ?? button.parentElement;
    wrapper?.addEventListener("focusout", (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !wrapper.contains(next)) setOpen(button, false);
    });
    wrapper?.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
        setOpen(button, false);
        button.focus();
      }
    });
  }

  document.addEventListener("click", (event) => {
    for (const button of buttons) {
      const wrapper = button.closest<HTMLElement>("[data-disclosure-root]") ?? button.parentElement;
      if (wrapper && !wrapper.contains(event.target as Node)) setOpen(button, false);
    }
  });
}
