import { useState } from 'react';
import { asApiError } from '../lib/use-api';
import { Button } from './button';
import { Dialog } from './dialog';
import styles from './dialog.module.css';

interface ConfirmDialogProps {
  title: string;
  /** The exact sentence of the spec's confirmation. */
  message: string;
  confirmLabel: string;
  /** Runs the action; the dialog stays open (with the error shown) if it fails. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/** "Are you sure?" before anything that cannot be undone, with the failure kept in view. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(asApiError(failure).fieldErrors.server ?? asApiError(failure).body.message);
      setPending(false);
    }
  };
  return (
    <Dialog title={title} description={message} onClose={pending ? () => undefined : onClose} initialFocus="first">
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
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
