import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { ErrorIcon } from './icons';
import styles from './fields.module.css';

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      <ErrorIcon className={styles.errorIcon} />
      {message}
    </p>
  );
}

/** aria-describedby for an input: its hint and, when shown, its error (read with the field). */
function describedBy(hintId: string | undefined, errorId: string, error?: string): string | undefined {
  return [error ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, value, onValueChange, error, inputRef, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        ref={inputRef}
        className={styles.input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(undefined, errorId, error)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, value, onValueChange, error, inputRef, ...props }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        {...props}
        id={id}
        ref={inputRef}
        className={styles.input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(undefined, errorId, error)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface FileFieldProps {
  label: string;
  accept: string;
  onFile: (file: File | null) => void;
  error?: string;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** For a field whose input is opened by another control (the album cover thumbnail). */
  className?: string;
  id?: string;
}

export function FileField({ label, accept, onFile, error, hint, inputRef, disabled, className, id: givenId }: FileFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <input
        id={id}
        ref={inputRef}
        type="file"
        accept={accept}
        className={styles.file}
        disabled={disabled}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, error)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: string;
  error?: string;
}

export function CheckboxField({ label, checked, onCheckedChange, hint, error }: CheckboxFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.checkbox} htmlFor={id}>
        {/* The checked state, not the value: the original read the wrong property and always sent "on". */}
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} aria-describedby={describedBy(hintId, errorId, error)} />
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
