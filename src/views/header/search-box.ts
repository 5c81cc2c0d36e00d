/**
 * Header search: Enter or the button stores the query and goes to {prefix}/search.
 * The form is a plain GET form, so it works before any script; the script only stores the query and
 * drives the mobile toggle.
 */
export const SEARCH_KEY = "shop.search";

export function storeSearch(query: string) {
  try {
    sessionStorage.setItem(SEARCH_KEY, query);
  } catch {
    // Storage may be disabled; the query still travels in the URL.
  }
}

export function initSearchBoxes() {
  // On the results page the boxes show what was searched, ready to refine.
  const current = document.documentElement.dataset.page === "search" ? new URLSearchParams(window.location.search).get("q") : null;
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-search-form]")) {
    const box = form.elements.namedItem("q") as HTMLInputElement | null;
    if (box && current) box.value = current;
    form.addEventListener("submit", () => {
      const input = form.elements.namedItem("q") as HTMLInputElement | null;
      storeSearch(input?.value.trim() ?? "");
    });
  }
  const toggle = document.querySelector<HTMLButtonElement>("[data-search-toggle]");
  const box = document.getElementById(toggle?.getAttribute("aria-controls") ?? "");
  if (toggle && box) {
    toggle.addEventListener("click", () => {
      const open = box.hidden;
      box.hidden = !open;
      toggle.setAttribute("aria-expanded", String(open));
      if (open) box.querySelector("input")?.focus();
    });
  }
}
