/**
 * The staff's confirmation for actions that move money or cannot be undone (a refund, a cancellation, a transfer
 * confirmed or rejected, a private event approved or rejected): it says what will happen before anything does.
 * Children are the fields the action needs (a reason); the form submits only when the person confirms. The dialog
 * is the box around the form (a form may not take the dialog role).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
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

/** What a Tab may land on inside the dialog. */
const FOCUSABLE = "input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href]";

export function ConfirmDialog({ title, consequence, texts, onConfirm, onClose, error, confirmLabel, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  // A modal dialog takes the focus when it opens (its first field, else "back", the safe answer) and gives it back to
  // what opened it when it closes; until then Tab stays inside it and Escape closes it, wherever the focus is in it.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !box.current) return;
    const inside = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = inside[0];
    const last = inside[inside.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }
  return (
    <div className="staff-dialog-backdrop">
      <div ref={box} className="staff-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-what`} onKeyDown={onKeyDown}>
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
    </div>
  );
}
