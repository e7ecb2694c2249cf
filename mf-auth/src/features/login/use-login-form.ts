import { loginSchema, validate, type SessionUser } from '@tunafy/contracts';
import { getApiClient } from '@tunafy/api-client';
import { useAuthForm } from '../../lib/use-auth-form';

export const LOGIN_FIELDS = ['email', 'password'] as const;

export function useLoginForm(onSuccess: (user: SessionUser) => void) {
  return useAuthForm({
    fields: LOGIN_FIELDS,
    check: (values) => validate(loginSchema, values),
    send: (input) => getApiClient().login(input),
    onSuccess,
  });
}
