/**
 * The staff's confirmation for actions that move money or cannot be undone (a refund, a cancellation, a transfer
 * confirmed or rejected, a private event approved or rejected): it says what will happen before anything does.
 * Children are the fields the action needs (a reason); the form submits only when the person confirms.
 */
import { useId, useState, type ReactNode } from "react";
import type { StaffTexts } from "./texts";
import "./orders/staff-day.css";

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in words: the amount, the method, the seats, "this cannot be undone". */
  consequence: string;
  texts: StaffTexts;
  /** Runs the action; a thrown Error's message is shown in the dialog. */
  onConfirm(): Promise<void>;
  onClose(): void;
  error?: string;
  confirmLabel?: string;
  children?: ReactNode;
}

export function ConfirmDialog({ title, consequence, texts, onConfirm, onClose, error, confirmLabel, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <div className="staff-dialog-backdrop">
      <form
        className="staff-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-what`}
        onKeyDown={(event) => event.key === "Escape" && onClose()}
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
        <h3 id={`${id}-title`}>{title}</h3>
        <p id={`${id}-what`} className="staff-consequence">
          {consequence}
        </p>
        {children}
        {error ? (
          <p className="field-error" role="alert">
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
    </div>
  );
}
