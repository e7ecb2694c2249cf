import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from '@tunafy/contracts';

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
    done(null, value && typeof value.id === 'string' ? value : false);
  }
}
