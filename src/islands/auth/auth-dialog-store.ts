/** Which auth dialog is open: one at a time, so switching log-in <-> sign-up closes one and opens the other. */
import { atom } from "nanostores";

export type AuthDialog = "login" | "signup" | "recovery";
export const $authDialog = atom<AuthDialog | null>(null);

export function showAuthDialog(dialog: AuthDialog) {
  $authDialog.set(dialog);
}

export function closeAuthDialog() {
  $authDialog.set(null);
}
