import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from '@tunafy/contracts';

/** The user a stored session names, or null when it names none (a guest's or a tampered session). */
export function sessionUserOf(value: unknown): SessionUser | null {
  const user = value as Partial<SessionUser> | null | undefined;
  return user && typeof user.id === 'string' ? (user as SessionUser) : null;
}

/**
 * The session keeps the small public user record itself, so authenticating a
 * request costs no database read beyond the session store's.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: SessionUser, done: (error: unknown, value: SessionUser) => void): void {
    done(null, { id: user.id, username: user.username, email: user.email });
  }

  deserializeUser(value: SessionUser, done: (error: unknown, user: SessionUser | false) => void): void {
    done(null, sessionUserOf(value) ?? false);
  }
}
