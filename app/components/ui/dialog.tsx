import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

/**
 * A modal on the native <dialog>: focus moves into it, stays there and goes
 * back to the opener when it closes (the browser does that), Escape closes it,
 * and the page behind is inert.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The close event also follows our own close() when `open` turns false: that is no request to close.
  const wanted = useRef(open);
  wanted.current = open;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // showModal focuses the first focusable element (or an `autofocus`
      // attribute, which React never renders); a button asked to be focused wins.
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      // React bubbles a nested dialog's close/cancel to its parent: only react to our own,
      // and only when the dialog was meant to be open (a parent that swaps one dialog for
      // another, as Clear schedule does for its confirmation, would otherwise lose both).
      onClose={(e) => {
        if (e.target === e.currentTarget && wanted.current) onClose();
      }}
      onCancel={(e) => {
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        onClose();
      }}
      aria-labelledby={titleId}
      className={`m-auto w-full ${wide ? "max-w-3xl" : "max-w-md"} rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open ? (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <div className="mt-1 text-sm text-muted">{description}</div> : null}
          {children ? <div className="mt-4">{children}</div> : null}
          {footer ? <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** "Are you sure?" before anything destructive. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirmLabel = "Delete",
  busy = false,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={busy} autoFocus>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

/** The footer of a form in a dialog: Cancel, and the submit button (busy while it posts). */
export function FormActions({ onCancel, busy, submitLabel = "Save", className = "" }: { onCancel: () => void; busy: boolean; submitLabel?: string; className?: string }) {
  return (
    <div className={`flex flex-wrap justify-end gap-2 ${className}`}>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
