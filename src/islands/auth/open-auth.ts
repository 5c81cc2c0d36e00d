/**
 * Entry point the header calls on the first click of "log in" / "sign up": it is imported lazily, so no
 * dialog code (nor React) loads before a person asks for it. The first call mounts the dialogs once into
 * their own root at the end of <body>; later calls only switch the open dialog.
 */
import { showAuthDialog, type AuthDialog } from "./auth-dialog-store";

export type { AuthDialog };

let mounted: Promise<void> | undefined;

async function mount() {
  const [{ createElement }, { createRoot }, { AuthDialogs }] = await Promise.all([
    import("react"),
    import("react-dom/client"),
    import("./AuthDialogs"),
  ]);
  const host = document.createElement("div");
  host.id = "auth-dialogs";
  document.body.append(host);
  createRoot(host).render(createElement(AuthDialogs));
}

export async function openAuth(dialog: AuthDialog): Promise<void> {
  mounted ??= mount();
  await mounted;
  showAuthDialog(dialog);
}
