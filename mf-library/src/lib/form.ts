import { useCallback, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@tunafy/api-client';
import { MESSAGES } from '@tunafy/contracts';

export type FieldValue = string | boolean | File | null;
export type FormErrors<Field extends string> = Partial<Record<Field, string>>;

export interface LibraryFormOptions<Values extends Record<string, FieldValue>, Result> {
  initial: Values;
  /** Client checks, from the contracts schemas and file rules; keys are the request's field names. */
  check: (values: Values) => FormErrors<keyof Values & string>;
  /** Sends the form; `onProgress` reports the upload from 0 to 1. */
  send: (values: Values, onProgress: (fraction: number) => void) => Promise<Result>;
  onSuccess: (result: Result) => void;
}

export interface LibraryForm<Values extends Record<string, FieldValue>> {
  values: Values;
  /** Messages to show under each input: client ones after the first submit, server ones as they come. */
  errors: FormErrors<keyof Values & string>;
  /** A failure no input explains: the generic 5xx text, or the API's sentence (not the owner, gone, ...). */
  formError: string | null;
  pending: boolean;
  /** Upload progress from 0 to 1 while a request with files is on its way; null otherwise. */
  progress: number | null;
  /** Submitting does nothing while an error is shown under an input (SPEC §5). */
  blocked: boolean;
  setValue: <Field extends keyof Values & string>(field: Field, value: Values[Field]) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Gives a field's input to the form, so a refused submit can move focus to the first field in error. */
  register: (field: keyof Values & string) => (element: HTMLElement | null) => void;
}

/**
 * Maps a failed call onto the form: field-keyed messages go under their inputs
 * (never swallowed), a 5xx becomes the spec's generic sentence, and anything
 * else keeps the API's own sentence so the user is not left guessing.
 */
export function toFormErrors(error: unknown, fields: readonly string[]): { fields: Record<string, string>; form: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, form: MESSAGES.serverError };
  const fromApi = error.fieldErrors;
  if (fromApi.server) return { fields: {}, form: fromApi.server };
  const byField: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(fromApi)) {
    if (fields.includes(field)) byField[field] = message;
    else unplaced.push(message);
  }
  const form = unplaced.length > 0 ? unplaced.join(' ') : Object.keys(byField).length === 0 ? error.body.message : null;
  return { fields: byField, form };
}

export function useLibraryForm<Values extends Record<string, FieldValue>, Result>(options: LibraryFormOptions<Values, Result>): LibraryForm<Values> {
  type Field = keyof Values & string;
  const { initial, check, send, onSuccess } = options;
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const inputs = useRef(new Map<string, HTMLElement>());
  const fields = Object.keys(initial) as Field[];

  const clientErrors: FormErrors<Field> = attempted ? check(values) : {};
  const errors: FormErrors<Field> = { ...serverErrors, ...clientErrors };
  const blocked = Object.values(errors).some(Boolean);

  const focusFirst = (shown: FormErrors<Field>) => {
    const field = fields.find((name) => shown[name]);
    if (field) inputs.current.get(field)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAttempted(true);
    const found = { ...serverErrors, ...check(values) };
    if (Object.values(found).some(Boolean)) {
      focusFirst(found);
      return;
    }
    setFormError(null);
    setPending(true);
    setProgress(null);
    send(values, (fraction) => setProgress(fraction)).then(
      (result) => {
        setPending(false);
        setProgress(null);
        onSuccess(result);
      },
      (error: unknown) => {
        const mapped = toFormErrors(error, fields);
        setServerErrors(mapped.fields as FormErrors<Field>);
        setFormError(mapped.form);
        setPending(false);
        setProgress(null);
        focusFirst(mapped.fields as FormErrors<Field>);
      },
    );
  };

  const setValue = <F extends Field>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The server judged the old value; its message goes once the user changes that field.
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _stale, ...rest } = current;
      return rest as FormErrors<Field>;
    });
  };

  const register = useCallback(
    (field: string) => (element: HTMLElement | null) => {
      if (element) inputs.current.set(field, element);
      else inputs.current.delete(field);
    },
    [],
  );

  return { values, errors, formError, pending, progress, blocked, setValue, onSubmit, register };
}
