import { signupFormSchema, validate, type SessionUser } from '@tunafy/contracts';
import { getApiClient } from '@tunafy/api-client';
import { useAuthForm } from '../../lib/use-auth-form';

export const SIGNUP_FIELDS = ['email', 'username', 'password', 'confirm_password'] as const;

/** `variant` picks the spec's wording of the confirmation message (the page's ends with a space). */
export function useSignupForm(variant: 'page' | 'modal', onSuccess: (user: SessionUser) => void) {
  const schema = signupFormSchema(variant);
  return useAuthForm({
    fields: SIGNUP_FIELDS,
    check: (values) => validate(schema, values),
    // The confirmation never leaves the browser.
    send: ({ confirm_password: _confirmation, ...input }) => getApiClient().signup(input),
    onSuccess,
  });
}
