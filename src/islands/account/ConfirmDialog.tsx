/** A small yes/no question before deleting a friend or an address. */
import * as Dialog from "@radix-ui/react-dialog";

interface Props {
  open: boolean;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ open, question, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="auth-overlay" />
        <Dialog.Content className="auth-dialog confirm-dialog" role="alertdialog" data-dialog="confirm">
          <Dialog.Title className="confirm-question">{question}</Dialog.Title>
          <Dialog.Description className="sr-only">{question}</Dialog.Description>
          <div className="confirm-actions">
            <Dialog.Close className="btn btn-ghost">{cancelLabel}</Dialog.Close>
            <button type="button" className="btn btn-danger" onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
