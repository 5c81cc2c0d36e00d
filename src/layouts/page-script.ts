/**
 * The one script every storefront page loads (BaseLayout.astro), kept tiny, no framework: the header's behaviour and
 * the toaster. The auth dialogs are an island, imported lazily on the first click of "log in" / "sign up" (or at once
 * for a person sent home to log in), so no dialog code nor React loads before a person asks for it. The layout joins
 * them: the header's components import no island (docs/architecture.md "Layers").
 */
import { initHeader } from "../components/header/header";
import { initToaster } from "../components/layout/toaster";

export function initPage() {
  initHeader((dialog) => void import("../islands/auth/open-auth").then((module) => module.openAuth(dialog)));
  initToaster();
}
