import { z } from 'zod';
import { HIDDEN_CHARACTERS } from './library.js';

/**
 * App passwords (docs/subsonic.md): secrets a user makes for native Subsonic apps, so an app never holds the web
 * password. Each works as the password of the Subsonic token and plain schemes and as an OpenSubsonic API key.
 */
export const APP_PASSWORD_LIMITS = {
  /** Characters of a name ("Symfonium on my phone"). */
  nameMax: 60,
  /** App passwords one account may hold at once. */
  perUserMax: 25,
} as const;

export const appPasswordInputSchema = z
  .object({
    name: z
      .string({ error: 'Name is required.' })
      .transform((name) => name.replace(new RegExp(HIDDEN_CHARACTERS.source, 'gu'), '').replace(/\s+/gu, ' ').trim())
      .pipe(
        z
          .string()
          .min(1, 'Name is required.')
          .max(APP_PASSWORD_LIMITS.nameMax, `Name must be at most ${APP_PASSWORD_LIMITS.nameMax} characters.`),
      ),
  })
  .strict();
export type AppPasswordInput = z.input<typeof appPasswordInputSchema>;

/** One app password as its owner sees it on the Connected apps screen (never the secret again). */
export interface AppPassword {
  id: string;
  name: string;
  created_at: string;
  /** When an app last signed in with it; null until one does. */
  last_used_at: string | null;
  /** The `c` (client name) the app sent then, e.g. "Symfonium"; null until one does. */
  last_used_client: string | null;
}

/** `POST /api/me/app-passwords`: the new app password with its secret, shown this once. */
export interface CreatedAppPassword extends AppPassword {
  password: string;
}

/** `GET /api/me/app-passwords`: the account's app passwords, newest first, and what to type into an app. */
export interface AppPasswordsResponse {
  app_passwords: AppPassword[];
  /** The username an app signs in with (with an app password, not the web password). */
  username: string;
}
