import { useState } from 'react';
import { Button } from '../button/button';
import { Dialog, dialogActionsClassName, dialogErrorClassName } from './dialog';

interface ConfirmDialogProps {
  title: string;
  /** The exact sentence of the spec's confirmation. */
  message: string;
  confirmLabel: string;
  /** Runs the action; the dialog stays open (with the error shown) if it fails. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  /** The sentence shown for a failed action (the remote knows its API's error shape). */
  describeError?: (failure: unknown) => string;
}

const defaultDescribeError = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/** "Are you sure?" before anything that cannot be undone, with the failure kept in view. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose, describeError = defaultDescribeError }: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(describeError(failure));
      setPending(false);
    }
  };
  return (
    <Dialog title={title} description={message} onClose={pending ? () => undefined : onClose} initialFocus="first">
      {error && (
        <p className={dialogErrorClassName} role="alert">
          {error}
        </p>
      )}
      <div className={dialogActionsClassName}>
        <Button variant="secondary" size="small" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" size="small" onClick={() => void confirm()} disabled={pending}>
          {pending ? 'Loading...' : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
