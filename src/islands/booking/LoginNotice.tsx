/**
 * Buying needs an account: a visitor sees that registration is required and a log-in control instead of the summary
 * bar. The auth dialogs load only when asked; logging in there updates the session store and the wizard.
 */
import type { BookingTexts } from "./texts";

export function LoginNotice({ texts }: { texts: BookingTexts }) {
  const openLogin = () => void import("../auth/open-auth").then((module) => module.openAuth("login"));
  return (
    <div className="bk-login" data-testid="booking-login-notice">
      <p>{texts["booking.login.notice"]}</p>
      <button type="button" className="btn btn-primary" onClick={openLogin}>
        {texts["booking.login.button"]}
      </button>
    </div>
  );
}
