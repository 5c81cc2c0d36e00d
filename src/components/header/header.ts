/** The header's behaviour (kept tiny; no framework), started by the page's script (src/layouts/page-script.ts). */
import { initAccountControls, type OpenAuth } from "./account-control";
import { initDisclosures } from "./disclosure";
import { initDrawer } from "./drawer";
import { initScrollColour } from "./scroll-colour";
import { initSearchBoxes } from "../../views/header/search-box";
import { initSiteChoice } from "./site-choice";

export function initHeader(openAuth: OpenAuth) {
  const header = document.querySelector<HTMLElement>("[data-site-header]");
  if (header) initScrollColour(header);
  initDisclosures();
  initDrawer();
  initSearchBoxes();
  initAccountControls(openAuth);
  initSiteChoice();
}
