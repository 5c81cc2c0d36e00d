/** The three auth dialogs, one open at a time ($authDialog); mounted once by open-auth.ts on the first click. */
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { $locale } from "../../stores/locale";
import { $authDialog, closeAuthDialog, showAuthDialog } from "./auth-dialog-store";
import { LoginDialog } from "./LoginDialog";
import { RecoveryDialog } from "./RecoveryDialog";
import { SignUpDialog } from "./SignUpDialog";
import { authTexts } from "./texts";
import "./auth.css";

export function AuthDialogs() {
  const open = useStore($authDialog);
  const locale = useStore($locale);
  const texts = useMemo(() => authTexts(locale), [locale]);
  return (
    <>
      <LoginDialog
        texts={texts}
        open={open === "login"}
        onClose={closeAuthDialog}
        onSignUp={() => showAuthDialog("signup")}
        onRecovery={() => showAuthDialog("recovery")}
      />
      <SignUpDialog texts={texts} open={open === "signup"} onClose={closeAuthDialog} onLogIn={() => showAuthDialog("login")} />
      <RecoveryDialog texts={texts} open={open === "recovery"} onClose={closeAuthDialog} onLogIn={() => showAuthDialog("login")} />
    </>
  );
}
