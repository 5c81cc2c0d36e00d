/** What a client-only area shows a signed-out person while the log-in dialog is offered: why, and a way back to it. */
import { openLogin } from "./use-signed-in";
import "./auth.css";

export function SignInPrompt({ message, action }: { message: string; action: string }) {
  return (
    <div className="sign-in-prompt">
      <p>{message}</p>
      <button type="button" className="btn btn-primary" onClick={openLogin}>
        {action}
      </button>
    </div>
  );
}
