import { z } from 'zod';
import { LIMITS, MESSAGES } from './messages.js';

// Emails are compared case-insensitively; we store them lower-cased.
const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .toLowerCase()
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

const password = z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired);

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  email,
  username: z
    .string({ error: MESSAGES.usernameRequired })
    .trim()
    .min(1, MESSAGES.usernameRequired)
    .regex(/^[A-Za-z0-9._-]{2,40}$/, MESSAGES.usernameInvalid),
  password: password
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
    .max(LIMITS.passwordMax, MESSAGES.passwordTooLong),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** The signup form adds a confirmation field that never leaves the browser. */
export function signupFormSchema(variant: 'page' | 'modal') {
  const mismatch = variant === 'page' ? MESSAGES.confirmPasswordMismatch : MESSAGES.confirmPasswordMismatchModal;
  return signupSchema
    .extend({ confirm_password: z.string() })
    .refine((form) => form.confirm_password === form.password, { path: ['confirm_password'], message: mismatch });
}

export interface SessionUser {
  id: string;
  username: string;
  email: string;
}

/**
 * `GET /api/auth/session`: the session check the web app makes on every load. Always 200, so a guest's visit logs
 * no error in the browser's console; SPEC's `GET /api/auth/` (401 for a guest) stays for other clients.
 */
export interface SessionProbe {
  user: SessionUser | null;
}

export interface CsrfTokenResponse {
  csrf_token: string;
}

/**
 * The fixed demo account behind the login page's "Demo User" button. It is
 * public on purpose: the seed creates it with demo content only.
 */
export const DEMO_CREDENTIALS = { email: 'demo@tunafy.app', username: 'demo', password: 'tunafy-demo' } as const;
