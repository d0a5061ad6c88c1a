import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

interface DialogProps {
  id: string;
  title: string;
  onClose: () => void;
  children: ComponentChildren;
}

/**
 * A modal <dialog>: the browser traps focus inside, Escape closes it, and focus returns to what opened it. Shown
 * while mounted; `onClose` runs however it was closed.
 */
export function Dialog({ id, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog ref={ref} aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </dialog>
  );
}

interface ConfirmProps {
  id: string;
  title: string;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  children: ComponentChildren;
}

/** "Are you sure?" before something that cannot be undone; the dangerous button is not the default one. */
export function ConfirmDialog({ id, title, confirmLabel, busy, error, onConfirm, onCancel, children }: ConfirmProps) {
  return (
    <Dialog id={id} title={title} onClose={onCancel}>
      {children}
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="button" class="button" autofocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" class="button danger solid" disabled={busy} onClick={onConfirm}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/** The buttons of a form in a dialog: Cancel, and the submit button (`working` while busy). */
export function DialogFormActions({ label, working, busy, onCancel }: DialogFormActionsProps) {
  return (
    <div class="actions">
      <button type="button" class="button" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" class="button primary" disabled={busy}>
        {busy ? working : label}
      </button>
    </div>
  );
}

interface DialogFormActionsProps {
  label: string;
  working: string;
  busy: boolean;
  onCancel: () => void;
}
