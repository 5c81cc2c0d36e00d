/** The three auth dialogs, one open at a time ($authDialog); mounted once by open-auth.ts on the first click, with the page locale's words. */
import { useStore } from "@nanostores/react";
import { $locale } from "../../stores/locale";
import { loadTexts } from "../ui/load-texts";
import { $authDialog, closeAuthDialog, showAuthDialog } from "./auth-dialog-store";
import { LoginDialog } from "./LoginDialog";
import { RecoveryDialog } from "./RecoveryDialog";
import { SignUpDialog } from "./SignUpDialog";
import type { AuthTexts } from "./texts";
import "./auth.css";

/** The dialogs' words in the page's locale. */
export function loadAuthTexts(): Promise<AuthTexts> {
  return loadTexts<AuthTexts>("auth", $locale.get());
}

export function AuthDialogs({ texts }: { texts: AuthTexts }) {
  const open = useStore($authDialog);
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
