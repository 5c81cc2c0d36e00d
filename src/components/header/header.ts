/** The one script every page loads: the header's behaviour and the toaster (kept tiny; no framework). */
import { initAccountControls } from "./account-control";
import { initDisclosures } from "./disclosure";
import { initDrawer } from "./drawer";
import { initScrollColour } from "./scroll-colour";
import { initSearchBoxes } from "../../views/header/search-box";
import { initSiteChoice } from "./site-choice";
import { initToaster } from "../layout/toaster";

export function initHeader() {
  const header = document.querySelector<HTMLElement>("[data-site-header]");
  if (header) initScrollColour(header);
  initDisclosures();
  initDrawer();
  initSearchBoxes();
  initAccountControls();
  initSiteChoice();
  initToaster();
}
