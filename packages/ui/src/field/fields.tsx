import { createElement, useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { ErrorIcon } from '../icons/error-icon';
import styles from './fields.module.css';

/** A field's hint, when it has one (tied to the input by aria-describedby, like the error). */
function FieldHint({ id, hint }: { id: string | undefined; hint: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className={styles.hint}>
      {hint}
    </p>
  );
}

/** A field's error, under it and tied to the input by aria-describedby (read with the field). */
function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      <ErrorIcon className={styles.errorIcon} />
      {message}
    </p>
  );
}

/** aria-describedby for an input: its error when shown, then its hint. */
function describedBy(hintId: string | undefined, errorId: string, error?: string): string | undefined {
  return [error ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined;
}

/** Label above, control, error under it: the frame of every text control. */
function Labelled({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** What an input and a textarea share: controlled value, validity and the error tied to them. */
function textControlProps(id: string, value: string, onValueChange: (value: string) => void, error?: string) {
  return {
    id,
    className: styles.input,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValueChange(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(undefined, `${id}-error`, error),
  };
}

/** A labelled text control's own props: the element's attributes, but a string value reported by onValueChange. */
type TextControlFieldProps<E extends HTMLInputElement | HTMLTextAreaElement, A> = Omit<A, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<E>;
};

/** A labelled text control over `element` ('input' or 'textarea'): its label, value and error wiring are the same. */
function textControlField<E extends HTMLInputElement | HTMLTextAreaElement, A>(element: 'input' | 'textarea') {
  return function TextControlField({ label, value, onValueChange, error, inputRef, ...props }: TextControlFieldProps<E, A>) {
    const id = useId();
    return (
      <Labelled id={id} label={label} error={error}>
        {createElement(element, { ...props, ref: inputRef, ...textControlProps(id, value, onValueChange, error) })}
      </Labelled>
    );
  };
}

/** A labelled text input (any text type: email, password, search...). */
export const TextField = textControlField<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>('input');

export const TextAreaField = textControlField<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>('textarea');

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

/** The browser's own file input, labelled and styled, so keyboard and screen readers work as they expect. */
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
      <FieldHint id={hintId} hint={hint} />
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
        {/* The checked state, not the value: reading the value always sent "on". */}
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} aria-describedby={describedBy(hintId, errorId, error)} />
        {label}
      </label>
      <FieldHint id={hintId} hint={hint} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
