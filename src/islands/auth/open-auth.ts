/**
 * Entry point the header calls on the first click of "log in" / "sign up": it is imported lazily, so no
 * dialog code (nor React) loads before a person asks for it. The first call mounts the dialogs once into
 * their own root at the end of <body>, with the words of the page's locale; later calls only switch the open
 * dialog. A failed load (no network) lets the next click try again.
 */
import { showAuthDialog, type AuthDialog } from "./auth-dialog-store";

export type { AuthDialog };

let mounted: Promise<void> | undefined;

async function mount() {
  // The words are fetched from the dialogs' module, so the header's own script names no more modules to preload.
  const dialogs = import("./AuthDialogs");
  const [{ createElement }, { createRoot }, { AuthDialogs }, texts] = await Promise.all([
    import("react"),
    import("react-dom/client"),
    dialogs,
    dialogs.then((module) => module.loadAuthTexts()),
  ]);
  const host = document.createElement("div");
  host.id = "auth-dialogs";
  document.body.append(host);
  createRoot(host).render(createElement(AuthDialogs, { texts }));
}

export async function openAuth(dialog: AuthDialog): Promise<void> {
  mounted ??= mount().catch((error: unknown) => {
    mounted = undefined;
    throw error;
  });
  await mounted;
  showAuthDialog(dialog);
}
