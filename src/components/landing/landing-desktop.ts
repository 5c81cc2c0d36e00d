/**
 * The landing's carousels are desktop-only, so their script is fetched and run only
 * while the window is at least 960 px wide; on a phone this file is all that loads (a few hundred bytes).
 */
export const DESKTOP_QUERY = "(min-width: 960px)";

export function initLandingDesktop() {
  const query = window.matchMedia(DESKTOP_QUERY);
  let active = false;
  const apply = () => {
    if (query.matches && !active) {
      active = true;
      void import("./carousel").then((module) => {
        if (active) module.enhanceCarousels();
      });
    } else if (!query.matches && active) {
      active = false;
      void import("./carousel").then((module) => module.releaseCarousels());
    }
  };
  apply();
  query.addEventListener("change", apply);
}
