/**
 * The header's account control without React: logged out it offers log-in and
 * sign-up, whose first click loads the auth dialogs lazily; logged in it greets with the first and last
 * name and opens a menu with Mi Cuenta and Salir (and the staff area for staff and admins). Every copy (desktop bar, mobile drawer) follows the store.
 * Salir ends the session on the server too (POST /shop-api/logout), then forgets it here even if that call fails.
 */
import { isDriverRole, isStaffRole } from "../../shared/domain/roles";
import { $loggedIn, $user, TOKEN_KEY, awaitsLogin, logOut } from "../../stores/session";

type AuthDialog = "login" | "signup";

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

/** The API client loads on this click only: the header stays light on every page. */
async function endSession() {
  try {
    const { api } = await import("../../client/api");
    await api("POST /shop-api/logout");
  } catch {
    // Offline or already ended: the token is dropped here all the same.
  }
}

export function initAccountControls() {
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-auth]")) {
    button.addEventListener("click", () => {
      const dialog = button.dataset.auth as AuthDialog;
      (document.getElementById("mobile-drawer") as HTMLDialogElement | null)?.close();
      void import("../../islands/auth/open-auth").then((module) => module.openAuth(dialog));
    });
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-logout]")) {
    button.addEventListener("click", () => {
      button.disabled = true;
      void endSession().finally(() => {
        logOut();
        window.location.reload();
      });
    });
  }
  render();
  // Sent here from the account area without a valid session: the log-in opens at once.
  if (!$loggedIn.get() && awaitsLogin()) void import("../../islands/auth/open-auth").then((module) => module.openAuth("login"));
  $loggedIn.listen(render);
  $user.listen(render);
  // Another tab logging in or out changes localStorage; keep this tab's header honest.
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === TOKEN_KEY) window.location.reload();
  });
}
