import { MESSAGES } from '@tunafy/contracts';
import { ApiError } from '@tunafy/api-client';

/** Errors a form shows: one per field, plus `server` (5xx) or `form` (a refusal no field explains). */
export type FormErrors<Field extends string> = Partial<Record<Field | 'server' | 'form', string>>;

/**
 * Maps a failed auth call onto the form. The API keys its validation and
 * credential errors by request field, so those go under their inputs; a 5xx
 * becomes the spec's generic text; anything else without a field (rate limit,
 * CSRF) keeps the API's own sentence so the user is not left guessing.
 */
export function toFormErrors<Field extends string>(error: unknown, fields: readonly Field[]): FormErrors<Field> {
  if (!(error instanceof ApiError)) return { server: MESSAGES.serverError } as FormErrors<Field>;
  const fromApi = error.fieldErrors;
  if (fromApi.server) return { server: fromApi.server } as FormErrors<Field>;
  const errors: FormErrors<Field> = {};
  for (const field of fields) if (fromApi[field]) errors[field] = fromApi[field];
  if (Object.keys(errors).length === 0) errors.form = error.body.message;
  return errors;
}
