/**
 * Notifications: they hide after 5 s (4 s for the scanner, reset and recovery messages)
 * and can be dismissed. Any island or script calls `showToast`; the layout's Toaster renders them.
 */
import { atom } from "nanostores";

export const TOAST_MS = 5_000;
export const SHORT_TOAST_MS = 4_000;

export type ToastKind = "success" | "error" | "info" | "warning";

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

export function showToast(kind: ToastKind, message: string, durationMs = TOAST_MS): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, kind, message }]);
  setTimeout(() => dismissToast(id), durationMs);
  return id;
}
