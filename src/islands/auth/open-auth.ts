/**
 * Entry point the header calls on the first click of "log in" / "sign up": it is imported lazily, so no
 * dialog code (nor React) loads before a person asks for it. The accounts work mounts the dialogs here.
 */
export type AuthDialog = "login" | "signup" | "recovery";

export async function openAuth(dialog: AuthDialog): Promise<void> {
  window.dispatchEvent(new CustomEvent("shop:open-auth", { detail: dialog }));
}
