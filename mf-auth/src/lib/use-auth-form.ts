import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { SessionUser, ValidationResult } from '@tunafy/contracts';
import { toFormErrors, type FormErrors } from './form-errors';
import { publishSession } from '@tunafy/app-kit';

export interface AuthFormOptions<Field extends string, Input> {
  fields: readonly Field[];
  /** The contracts schema the API also runs, so both sides word the messages the same way. */
  check: (values: Record<Field, string>) => ValidationResult<Input>;
  send: (input: Input) => Promise<SessionUser>;
  /** After the session is published: pages navigate home, modals close. */
  onSuccess: (user: SessionUser) => void;
}

export interface AuthForm<Field extends string> {
  values: Record<Field, string>;
  errors: FormErrors<Field>;
  pending: boolean;
  setValue: (field: Field, value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Sends values that did not come from the inputs (the Demo User button). */
  submitValues: (values: Record<Field, string>) => void;
  /** Receives each input, so a failed submit can move focus to the first field in error. */
  register: (field: Field) => (element: HTMLInputElement | null) => void;
  /** A TextField's wiring for one field: its name, value, change handler, error and input. */
  field: (field: Field) => { name: Field; value: string; onValueChange: (value: string) => void; error?: string; inputRef: (element: HTMLInputElement | null) => void };
}

function emptyValues<Field extends string>(fields: readonly Field[]): Record<Field, string> {
  return Object.fromEntries(fields.map((field) => [field, ''])) as Record<Field, string>;
}

export function useAuthForm<Field extends string, Input>(options: AuthFormOptions<Field, Input>): AuthForm<Field> {
  const { fields, check, send, onSuccess } = options;
  const [values, setValues] = useState(() => emptyValues(fields));
  const [serverErrors, setServerErrors] = useState<FormErrors<Field>>({});
  // Like the create forms: messages appear after the first submit, then follow the user's edits.
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const inputs = useRef(new Map<Field, HTMLInputElement>());

  const clientErrors: FormErrors<Field> = {};
  if (attempted) {
    const result = check(values);
    if (!result.ok) for (const field of fields) if (result.errors[field]) clientErrors[field] = result.errors[field];
  }

  const focusFirstError = (errors: FormErrors<Field>) => {
    const field = fields.find((name) => errors[name]);
    if (field) inputs.current.get(field)?.focus();
  };

  const submitValues = async (submitted: Record<Field, string>) => {
    if (pending) return;
    setServerErrors({});
    const result = check(submitted);
    if (!result.ok) {
      setAttempted(true);
      focusFirstError(result.errors as FormErrors<Field>);
      return;
    }
    setPending(true);
    try {
      const user = await send(result.value);
      publishSession(user);
      onSuccess(user);
    } catch (error) {
      const errors = toFormErrors(error, fields);
      setServerErrors(errors);
      focusFirstError(errors);
    } finally {
      setPending(false);
    }
  };

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The server judged the old text; keep its message only until the user changes that field.
    setServerErrors(({ [field]: _stale, ...rest }) => rest as FormErrors<Field>);
  };

  const register = useCallback(
    (field: Field) => (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(field, element);
      else inputs.current.delete(field);
    },
    [],
  );

  const errors: FormErrors<Field> = { ...serverErrors, ...clientErrors };
  return {
    values,
    errors,
    pending,
    setValue,
    onSubmit: (event) => {
      event.preventDefault();
      void submitValues(values);
    },
    submitValues: (submitted) => void submitValues(submitted),
    register,
    field: (field) => ({ name: field, value: values[field], onValueChange: (value) => setValue(field, value), error: errors[field], inputRef: register(field) }),
  };
}
