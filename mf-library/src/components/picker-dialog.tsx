import { useState, type ReactNode } from 'react';
import type { ApiError } from '@tunafy/api-client';
import { MESSAGES } from '@tunafy/contracts';
import { Button, Dialog, RowsSkeleton } from '@tunafy/ui';
import { asApiError } from '../lib/use-api';
import { Cover } from './cover';
import styles from './picker-dialog.module.css';

export interface PickerOption {
  id: string;
  name: string;
  detail: string;
  coverUrl: string | null;
}

/** A failure whose message is already meant for the user (e.g. how far adding several songs got). */
export class PickError extends Error {}

interface PickerDialogProps {
  title: string;
  kind: 'album' | 'playlist';
  options: PickerOption[] | undefined;
  loadError: ApiError | null;
  onRetry: () => void;
  /** What to say and offer when the user has nothing to pick yet. */
  empty: ReactNode;
  onPick: (id: string) => Promise<void>;
  onClose: () => void;
  /** Shown on the option being added to while it takes a while (several songs); 'Loading...' otherwise. */
  progress?: string | null;
}

/** Chooses one of the user's own albums or playlists; adding happens here, errors stay in view. */
export function PickerDialog({ title, kind, options, loadError, onRetry, empty, onPick, onClose, progress }: PickerDialogProps) {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pick = async (id: string) => {
    if (pending) return;
    setPending(id);
    setError(null);
    try {
      await onPick(id);
    } catch (failure) {
      const apiError = asApiError(failure);
      if (failure instanceof PickError) setError(failure.message);
      else setError(apiError.status >= 500 ? MESSAGES.serverError : apiError.body.message);
      setPending(null);
    }
  };
  let body: ReactNode;
  if (options === undefined && loadError) {
    body = (
      <div className={styles.empty} role="alert">
        <p>{loadError.status >= 500 ? MESSAGES.serverError : loadError.body.message}</p>
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  } else if (options === undefined) {
    body = <RowsSkeleton label={`Loading your ${kind}s`} rows={3} />;
  } else if (options.length === 0) {
    body = <div className={styles.empty}>{empty}</div>;
  } else {
    body = (
      <ul className={styles.list} aria-label={`Your ${kind}s`}>
        {options.map((option) => (
          <li key={option.id}>
            <button type="button" className={styles.option} onClick={() => void pick(option.id)} disabled={pending !== null} aria-busy={pending === option.id || undefined}>
              <Cover src={option.coverUrl} size={48} kind={kind} />
              <span className={styles.text}>
                <span className={styles.name}>{option.name}</span>
                <span className={styles.detail}>{pending === option.id ? (progress ?? 'Loading...') : option.detail}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Dialog title={title} onClose={onClose}>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {body}
    </Dialog>
  );
}
