/** Which auth dialog is open: one at a time, so switching log-in <-> sign-up closes one and opens the other. */
import { atom } from "nanostores";

export type AuthDialog = "login" | "signup" | "recovery";
export const $authDialog = atom<AuthDialog | null>(null);

/**
 * The control a person used to open the dialogs (header button, or the menu button the mobile drawer gave
 * focus back to). The dialogs have no Radix trigger, so closing them hands focus back here instead of <body>.
 */
let opener: HTMLElement | null = null;

export function showAuthDialog(dialog: AuthDialog) {
  // Switching log-in <-> sign-up keeps the first opener: closing the second dialog returns there too.
  if ($authDialog.get() === null && typeof document !== "undefined") opener = document.activeElement as HTMLElement | null;
  $authDialog.set(dialog);
}

/** Focus back on the opener when it is still on the page and visible; answers whether it could. */
export function returnFocusToOpener(): boolean {
  const target = opener;
  if (!target?.isConnected || target.getClientRects().length === 0 || target === document.body) return false;
  target.focus();
  return true;
}

export function closeAuthDialog() {
  $authDialog.set(null);
}
