/** The Toaster's vanilla renderer: keeps the list in step with $toasts (adds new, removes gone ones). */
import { $toasts, dismissToast, type Toast } from "../../stores/toasts";

function toastElement(toast: Toast, dismissLabel: string): HTMLLIElement {
  const item = document.createElement("li");
  item.className = `toast toast-${toast.kind}`;
  item.dataset.toastId = String(toast.id);
  // Errors interrupt; the rest wait for a pause in speech.
  if (toast.kind === "error") item.setAttribute("role", "alert");
  const text = document.createElement("p");
  text.textContent = toast.message;
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.setAttribute("aria-label", dismissLabel);
  dismiss.textContent = "×";
  dismiss.addEventListener("click", () => dismissToast(toast.id));
  item.append(text, dismiss);
  return item;
}

export function initToaster() {
  const list = document.querySelector<HTMLOListElement>("[data-toaster]");
  if (!list) return;
  const dismissLabel = list.dataset.dismissLabel ?? "×";
  $toasts.subscribe((toasts) => {
    const wanted = new Set(toasts.map((toast) => String(toast.id)));
    for (const item of [...list.children] as HTMLElement[]) if (!wanted.has(item.dataset.toastId ?? "")) item.remove();
    const shown = new Set([...list.children].map((item) => (item as HTMLElement).dataset.toastId));
    for (const toast of toasts) if (!shown.has(String(toast.id))) list.append(toastElement(toast, dismissLabel));
  });
}
