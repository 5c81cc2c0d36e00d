/**
 * The header's account control without React: logged out it offers log-in and
 * sign-up, whose first click loads the auth dialogs lazily; logged in it greets with the first and last
 * name and opens a menu with Mi Cuenta and Salir (and the staff area for staff and admins). Every copy (desktop bar, mobile drawer) follows the store.
 * Salir ends the session (stores/session.ts `endSession`). The auth dialogs are an island: the page's script hands
 * in how to open them (src/layouts/page-script.ts), so this control imports no island.
 */
import { isDriverRole, isStaffRole } from "../../shared/domain/roles";
import { $loggedIn, $user, TOKEN_KEY, awaitsLogin, endSession } from "../../stores/session";

export type AuthDialog = "login" | "signup";
export type OpenAuth = (dialog: AuthDialog) => void;

function render() {
  const loggedIn = $loggedIn.get();
  const user = $user.get();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : "";
  document.documentElement.dataset.session = loggedIn ? "in" : "out";
  for (const control of document.querySelectorAll<HTMLElement>("[data-account]")) {
    control.querySelector<HTMLElement>("[data-account-out]")!.hidden = loggedIn;
    control.querySelector<HTMLElement>("[data-account-in]")!.hidden = !loggedIn;
    const greeting = control.querySelector<HTMLElement>("[data-greeting]");
    if (greeting) greeting.textContent = (greeting.dataset.template ?? "{name}").replace("{name}", name);
    const staffEntry = control.querySelector<HTMLElement>("[data-staff-entry]");
    if (staffEntry) staffEntry.hidden = !(loggedIn && (isStaffRole(user?.role) || isDriverRole(user?.role)));
  }
}

export function initAccountControls(openAuth: OpenAuth) {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-auth]")) {
    button.addEventListener("click", () => {
      const dialog = button.dataset.auth as AuthDialog;
      (document.getElementById("mobile-drawer") as HTMLDialogElement | null)?.close();
      openAuth(dialog);
    });
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-logout]")) {
    button.addEventListener("click", () => {
      button.disabled = true;
      void endSession().finally(() => window.location.reload());
    });
  }
  render();
  // Sent here from the account area without a valid session: the log-in opens at once.
  if (!$loggedIn.get() && awaitsLogin()) openAuth("login");
  $loggedIn.listen(render);
  $user.listen(render);
  // Another tab logging in or out changes localStorage; keep this tab's header honest.
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === TOKEN_KEY) window.location.reload();
  });
}
