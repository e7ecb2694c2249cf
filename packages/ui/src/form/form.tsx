import type { FormHTMLAttributes, ReactNode } from 'react';
import { Button } from '../button/button';
import styles from './form.module.css';

/** A form's column of fields, alert and actions. */
export function Form({ className, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  return <form {...props} className={[styles.form, className].filter(Boolean).join(' ')} />;
}

/** The row of a form's buttons; `stacked` puts them full width one under the other. */
export function FormActions({ stacked, children }: { stacked?: boolean; children: ReactNode }) {
  return <div className={stacked ? `${styles.actions} ${styles.stacked}` : styles.actions}>{children}</div>;
}

/**
 * A failure no input explains (5xx, rate limit, not the owner). The live region exists before it
 * fills, so screen readers announce the message as soon as it appears.
 */
export function FormAlert({ message }: { message?: string | null }) {
  return (
    <div role="alert" aria-live="assertive">
      {message && <p className={styles.alert}>{message}</p>}
    </div>
  );
}

/** "Loading..." while saving (SPEC §4); unusable while an error is shown (SPEC §5). */
export function SubmitButton({ label, pending, blocked = false }: { label: string; pending: boolean; blocked?: boolean }) {
  return (
    <Button type="submit" disabled={pending || blocked} aria-busy={pending || undefined}>
      {pending ? 'Loading...' : label}
    </Button>
  );
}
