/** The header bar turns orange after 1000 px of scroll. */
export const ORANGE_AFTER_PX = 1000;

export function initScrollColour(header: HTMLElement) {
  let scrolled: boolean | undefined;
  const update = () => {
    const now = window.scrollY > ORANGE_AFTER_PX;
    if (now === scrolled) return;
    scrolled = now;
    header.toggleAttribute("data-scrolled", now);
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
}
