import { Inject, Injectable } from '@nestjs/common';
import { doubleCsrf, type DoubleCsrfUtilities } from 'csrf-csrf';
import type { Request, Response } from 'express';
import type { SessionUser } from '@tunafy/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

export const CSRF_HEADER = 'x-csrf-token';

/**
 * Double-submit CSRF tokens (csrf-csrf): an HttpOnly cookie plus the same
 * token echoed in the `x-csrf-token` header of every state-changing call.
 * A token is bound to who is logged in, so logging in or out issues a new one
 * (answered in the `x-csrf-token` response header).
 */
@Injectable()
export class CsrfService {
  private readonly utilities: DoubleCsrfUtilities;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.utilities = doubleCsrf({
      getSecret: () => config.sessionSecret,
      getSessionIdentifier: (req) => (req.user as SessionUser | undefined)?.id ?? 'guest',
      cookieName: config.secureCookies ? '__Host-tunafy.csrf' : 'tunafy.csrf',
      cookieOptions: { sameSite: 'lax', path: '/', secure: config.secureCookies, httpOnly: true },
      getCsrfTokenFromRequest: (req) => req.get(CSRF_HEADER),
    });
  }

  issue(req: Request, res: Response): string {
    const token = this.utilities.generateCsrfToken(req, res, { overwrite: true });
    res.setHeader(CSRF_HEADER, token);
    return token;
  }

  isValid(req: Request): boolean {
    return this.utilities.validateRequest(req);
  }
}
