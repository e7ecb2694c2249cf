import { ApiError, getApiClient, sessionEnded } from '@tunafy/api-client';
import { MESSAGES, type SessionUser } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { askToLogIn } from './bus';

// What every upload screen (the song, album and playlist forms, the bulk upload) does about the session: ask for it
// before sending much, and say the real reason when the API refuses (docs/import.md, "When an upload is refused").

/** Above this many bytes an upload first asks whether anyone is still logged in: a wasted transfer costs more than a GET. */
export const LARGE_UPLOAD_BYTES = 1024 * 1024;

export const UPLOAD_MESSAGES = {
  loggedOut: 'You are no longer logged in, so this was not uploaded. Log in again, then retry.',
  network: 'The upload was cut off before Tunafy answered. Check your connection, then retry.',
} as const;

/**
 * Whether someone is logged in now (GET /api/auth/). The API being unreachable counts as yes: the upload itself then
 * fails with the reason. The CSRF token is forgotten so the upload carries one for the session as it is now.
 */
export async function loggedInNow(): Promise<boolean> {
  return (await askSession()) !== null;
}

/**
 * Who is logged in now (GET /api/auth/): their id, or null for nobody; the bulk upload sends a person's paused files
 * only into their own account. The API being unreachable answers with the user this page knows (the upload itself
 * then fails with the reason). The CSRF token is forgotten, as for loggedInNow.
 */
export async function sessionUserNow(): Promise<string | null> {
  const user = await askSession();
  return user === 'unreachable' ? pageSessionUser() : (user?.id ?? null);
}

/** The user this page says is logged in (the bus's session, as the shell last published it), or null for nobody. */
export function pageSessionUser(): string | null {
  return getEventBus().last('auth:session')?.user?.id ?? null;
}

async function askSession(): Promise<SessionUser | null | 'unreachable'> {
  const client = getApiClient();
  try {
    const user = await client.session();
    client.forgetCsrfToken();
    return user;
  } catch {
    return 'unreachable';
  }
}

/**
 * The session ended under an open page (logged out in another tab, expired): the bus stops claiming a user the API no
 * longer knows, which the auth pages need to let them log in, and the "Please log in" modal says why. A person who
 * logged out here already knows, so nothing opens then.
 */
export function sessionLost(): void {
  const bus = getEventBus();
  if (!bus.last('auth:session')?.user) return;
  bus.publish('auth:session', { user: null });
  askToLogIn();
}

export type UploadFailure =
  | { kind: 'logged-out' }
  /** No answer from the API (a cut connection, a gateway's 502) while someone is still logged in. */
  | { kind: 'unanswered'; message: string }
  /** The API's own answer: a 403's CSRF or permission message, a file's problem, a 5xx. */
  | { kind: 'refused'; message: string };

/** Why an upload failed: the session ended (a 401, or no answer after which nobody is logged in), or the words for it. */
export async function uploadFailure(error: unknown): Promise<UploadFailure> {
  if (await sessionEnded(error)) return { kind: 'logged-out' };
  if (!(error instanceof ApiError)) return { kind: 'refused', message: MESSAGES.serverError };
  if (error.origin !== 'api') return { kind: 'unanswered', message: UPLOAD_MESSAGES.network };
  if (error.status >= 500) return { kind: 'refused', message: MESSAGES.serverError };
  const fields = error.body.errors ?? {};
  return { kind: 'refused', message: fields.file ?? Object.values(fields)[0] ?? error.body.message };
}

/**
 * A form's upload with the session rules around it: a large one first checks the session, and a failure is rethrown
 * as the error the form shows (the network's message instead of "something went wrong"; for a lost session the modal,
 * plus a sentence in case the form is still on screen).
 */
export async function guardUpload<T>(files: readonly (File | null)[], upload: () => Promise<T>): Promise<T> {
  const bytes = files.reduce((sum, file) => sum + (file?.size ?? 0), 0);
  if (bytes > LARGE_UPLOAD_BYTES && !(await loggedInNow())) {
    sessionLost();
    throw loggedOutError();
  }
  try {
    return await upload();
  } catch (error) {
    const failure = await uploadFailure(error);
    if (failure.kind === 'logged-out') {
      sessionLost();
      throw loggedOutError();
    }
    if (failure.kind === 'unanswered') throw new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: failure.message }, 'network');
    throw error;
  }
}

function loggedOutError(): ApiError {
  return new ApiError({ statusCode: 401, code: 'UNAUTHENTICATED', message: UPLOAD_MESSAGES.loggedOut });
}
