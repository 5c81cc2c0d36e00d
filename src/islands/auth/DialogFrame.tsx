/** One Radix dialog with the shop's frame: overlay, title, optional intro and a close button. */
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { $authDialog, returnFocusToOpener } from "./auth-dialog-store";

interface DialogFrameProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  closeLabel: string;
  /** A name for tests and styles: data-dialog="login" ... */
  name: string;
  children: ReactNode;
}

export function DialogFrame({ open, onOpenChange, title, description, closeLabel, name, children }: DialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="auth-overlay" />
        <Dialog.Content
          className="auth-dialog"
          data-dialog={name}
          // With no Radix trigger, focus would fall to <body>; when switching dialogs the next one takes it.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if ($authDialog.get() === null) returnFocusToOpener();
          }}
        >
          <div className="auth-dialog-head">
            <Dialog.Title className="auth-dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="auth-dialog-close" aria-label={closeLabel}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="auth-dialog-intro">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
