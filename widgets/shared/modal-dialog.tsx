import { type ReactNode, useEffect, useId, useRef } from "react";

export interface ModalDialogProps {
  open: boolean;
  title: string;
  /** Called for Escape and for the dialog's own close buttons. */
  onClose(): void;
  children: ReactNode;
  /** The buttons row. */
  actions: ReactNode;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, which keeps Tab
 * inside the dialog, and Escape closes it. On close, focus goes back to where it was when the
 * dialog opened (browsers differ on doing this themselves).
 */
export function ModalDialog({ open, title, onClose, children, actions }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocusTo.current?.focus();
      returnFocusTo.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="sf-dialog"
      aria-labelledby={titleId}
      // Escape: the browser fires "cancel"; we close through our state instead of letting it close itself.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <h2 id={titleId} className="sf-dialog__title">
        {title}
      </h2>
      <div className="sf-dialog__body">{children}</div>
      <div className="sf-dialog__actions">{actions}</div>
    </dialog>
  );
}
