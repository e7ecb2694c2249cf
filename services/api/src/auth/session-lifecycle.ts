import type { SessionUser } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { SESSION_COOKIE } from '../common/session-cookie.js';

/** passport's login, awaited; passport 0.7 also rotates the session id to stop fixation. */
export function startSession(req: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) => req.logIn(user, (error) => (error ? reject(error) : resolve())));
}

/** Logs out and deletes the session from the store, so a copied cookie is worthless afterwards. */
export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.user) await new Promise<void>((resolve, reject) => req.logOut((error) => (error ? reject(error) : resolve())));
  if (req.session) await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
  res.clearCookie(SESSION_COOKIE, { path: '/' });
  req.user = undefined;
}
