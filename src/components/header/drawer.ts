/**
 * The mobile drawer (<= 959 px) is a modal <dialog>: the browser traps focus, closes it on Escape and
 * makes the page behind inert. The hamburger button mirrors its state in aria-expanded.
 */
export function initDrawer() {
  const dialog = document.getElementById("mobile-drawer") as HTMLDialogElement | null;
  const openers = document.querySelectorAll<HTMLButtonElement>('[data-drawer-open]');
  if (!dialog) return;
  const sync = (open: boolean) => openers.forEach((button) => button.setAttribute("aria-expanded", String(open)));

  openers.forEach((button) =>
    button.addEventListener("click", () => {
      if (dialog.open) dialog.close();
      else {
        dialog.showModal();
        sync(true);
      }
    }),
  );
  dialog.querySelectorAll("[data-drawer-close]").forEach((button) => button.addEventListener("click", () => dialog.close()));
  // A click on the backdrop (the dialog box itself, outside its panel) closes it.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => sync(false));
  // Leaving the mobile layout with the drawer open would leave an invisible modal behind.
  window.matchMedia("(min-width: 960px)").addEventListener("change", (query) => {
    if (query.matches && dialog.open) dialog.close();
  });
}
