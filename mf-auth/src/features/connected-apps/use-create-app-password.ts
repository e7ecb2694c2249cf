import { useRef, useState, type FormEvent } from 'react';
import { getApiClient } from '@tunafy/api-client';
import { appPasswordInputSchema, validate, type CreatedAppPassword } from '@tunafy/contracts';
import { toFormErrors, type FormErrors } from '../../lib/form-errors';

const FIELDS = ['name'] as const;

/**
 * The "new app password" form: the shared schema's messages after the first submit (as every Tunafy form), the API's
 * refusals under the field or above the button, and the created secret kept here, in memory only, until dismissed.
 */
export function useCreateAppPassword(onCreated: (created: CreatedAppPassword) => void) {
  const [name, setName] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors<'name'>>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedAppPassword | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const checked = validate(appPasswordInputSchema, { name });
  const errors: FormErrors<'name'> = { ...serverErrors, ...(attempted && !checked.ok ? { name: checked.errors.name } : {}) };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setServerErrors({});
    if (!checked.ok) {
      setAttempted(true);
      input.current?.focus();
      return;
    }
    setPending(true);
    try {
      const answer = await getApiClient().createAppPassword(checked.value);
      onCreated(answer);
      setCreated(answer);
      setName('');
      setAttempted(false);
    } catch (error) {
      const refused = toFormErrors(error, FIELDS);
      setServerErrors(refused);
      if (refused.name) input.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return {
    created,
    dismissCreated: () => setCreated(null),
    pending,
    /** A failure no field explains: the limit (409), the network, a 5xx. */
    alert: errors.server ?? errors.form ?? null,
    blocked: Boolean(errors.name),
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
    field: {
      name: 'name',
      value: name,
      onValueChange: (value: string) => {
        setName(value);
        // The API judged the old name; a refusal of the whole form (the limit) still stands.
        setServerErrors(({ name: _stale, ...rest }) => rest);
      },
      error: errors.name,
      inputRef: input,
    },
  };
}
