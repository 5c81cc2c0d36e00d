/**
 * The staff's confirmation for actions that move money or cannot be undone (a refund, a cancellation, a transfer
 * confirmed or rejected, a private event approved or rejected): it says what will happen before anything does.
 * Children are the fields the action needs (a reason); the form submits only when the person confirms. The dialog
 * is the box around the form (a form may not take the dialog role).
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState, type ReactNode } from "react";
import type { StaffTexts } from "./texts";
import "../auth/auth.css";
import "./orders/staff-day.css";

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in words: the amount, the method, the seats, "this cannot be undone". */
  consequence: string;
  texts: StaffTexts;
  /** Runs the action; the caller shows what went wrong through `error`. */
  onConfirm(): Promise<void>;
  onClose(): void;
  error?: string;
  /** The id of the error's paragraph, for the field it is about to name in its aria-describedby. */
  errorId?: string;
  confirmLabel?: string;
  children?: ReactNode;
}

export function ConfirmDialog({ title, consequence, texts, onConfirm, onClose, error, errorId, confirmLabel, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  // The dialog is shown while it is mounted. Radix keeps the focus inside it (its first field, else "back", the safe
  // answer), closes it on Escape and hides the page behind it from assistive technology; the focus goes back to what
  // opened it when it closes, as there is no Radix trigger to return to.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="auth-overlay" />
        <Dialog.Content className="auth-dialog staff-dialog" onCloseAutoFocus={(event) => event.preventDefault()}>
          <form
            className="staff-dialog-form"
            onSubmit={async (event) => {
              event.preventDefault();
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            <Dialog.Title asChild>
              <h3>{title}</h3>
            </Dialog.Title>
            <Dialog.Description className="staff-consequence">{consequence}</Dialog.Description>
            {children}
            {error ? (
              <p id={errorId} className="field-error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="staff-dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={onClose}>
                {texts["desk.confirm_no"]}
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {confirmLabel ?? texts["desk.confirm_yes"]}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
