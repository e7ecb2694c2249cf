import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '@tunafy/api-client';
import { MESSAGES, type SessionUser } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { ANN } from '../test/fixtures';
import { apiError, stubApiClient } from '../test/fake-api';
import { recordBus } from '../test/render';
import { guardUpload, LARGE_UPLOAD_BYTES, sessionLost, sessionUserNow, UPLOAD_MESSAGES, uploadFailure } from './upload-session';

/** The API client's calls the session rules make, besides the fake's get/post/put/delete. */
function stubSession(user: SessionUser | null | Error) {
  const api = stubApiClient();
  return Object.assign(api, {
    session: vi.fn(async () => {
      if (user instanceof Error) throw user;
      return user;
    }),
    forgetCsrfToken: vi.fn(),
  });
}

const cut = () => new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE_MESSAGE }, 'network');
const big = () => new File([new Uint8Array(LARGE_UPLOAD_BYTES + 1)], 'big.mp3');
const small = () => new File([new Uint8Array(10)], 'small.mp3');

beforeEach(() => getEventBus().publish('auth:session', { user: ANN }));

describe('uploadFailure', () => {
  it('calls a 401 a lost session without asking again', async () => {
    const api = stubSession(ANN);
    expect(await uploadFailure(apiError(401))).toEqual({ kind: 'logged-out' });
    expect(api.session).not.toHaveBeenCalled();
  });

  it('asks who is logged in after a cut connection: nobody means the session ended, somebody means the network failed', async () => {
    const relayed = new ApiError({ statusCode: 502, code: 'SERVICE_UNAVAILABLE', message: 'The Tunafy API cannot be reached right now.' }, 'gateway');
    stubSession(null);
    expect(await uploadFailure(cut())).toEqual({ kind: 'logged-out' });
    expect(await uploadFailure(relayed)).toEqual({ kind: 'logged-out' });
    stubSession(ANN);
    expect(await uploadFailure(cut())).toEqual({ kind: 'unanswered', message: UPLOAD_MESSAGES.network });
    expect(await uploadFailure(relayed)).toEqual({ kind: 'unanswered', message: UPLOAD_MESSAGES.network });
    stubSession(cut());
    expect(await uploadFailure(cut())).toEqual({ kind: 'unanswered', message: UPLOAD_MESSAGES.network });
  });

  it('keeps the API’s own words for a 403 (CSRF or permission) and a file’s problem', async () => {
    stubSession(ANN);
    const csrf = new ApiError({ statusCode: 403, code: 'CSRF_INVALID', message: 'Missing or invalid CSRF token.' });
    expect(await uploadFailure(csrf)).toEqual({ kind: 'refused', message: 'Missing or invalid CSRF token.' });
    expect(await uploadFailure(apiError(403, undefined, 'You are not allowed to do that.'))).toEqual({ kind: 'refused', message: 'You are not allowed to do that.' });
    expect(await uploadFailure(apiError(415, { file: 'Not audio.' }))).toEqual({ kind: 'refused', message: 'Not audio.' });
    expect(await uploadFailure(apiError(500))).toEqual({ kind: 'refused', message: MESSAGES.serverError });
  });
});

describe('sessionUserNow', () => {
  it('answers who the API says is logged in, and forgets the CSRF token for the upload to come', async () => {
    const api = stubSession(ANN);
    expect(await sessionUserNow()).toBe(ANN.id);
    expect(api.forgetCsrfToken).toHaveBeenCalledOnce();
    stubSession(null);
    expect(await sessionUserNow()).toBe(null);
  });

  it('answers with the page’s user when the API cannot be reached (the upload then fails with the reason)', async () => {
    stubSession(cut());
    expect(await sessionUserNow()).toBe(ANN.id);
    getEventBus().publish('auth:session', { user: null });
    expect(await sessionUserNow()).toBe(null);
  });
});

describe('sessionLost', () => {
  it('tells the app nobody is logged in and opens the "Please log in" modal', () => {
    const modals = recordBus('ui:open-modal');
    sessionLost();
    expect(getEventBus().last('auth:session')).toEqual({ user: null });
    expect(modals).toEqual([{ modal: 'please-log-in' }]);
  });

  it('opens nothing for a person who logged out here (they know)', () => {
    getEventBus().publish('auth:session', { user: null });
    const modals = recordBus('ui:open-modal');
    sessionLost();
    expect(modals).toEqual([]);
  });
});

describe('guardUpload', () => {
  it('asks for the session before a large upload, and sends it with a fresh CSRF token when someone is logged in', async () => {
    const api = stubSession(ANN);
    const upload = vi.fn(async () => 'stored');
    expect(await guardUpload([big(), null], upload)).toBe('stored');
    expect(api.session).toHaveBeenCalledOnce();
    expect(api.forgetCsrfToken).toHaveBeenCalledOnce();
    expect(upload).toHaveBeenCalledOnce();
  });

  it('sends nothing and opens the modal when nobody is logged in any more', async () => {
    stubSession(null);
    const modals = recordBus('ui:open-modal');
    const upload = vi.fn();
    await expect(guardUpload([big()], upload)).rejects.toMatchObject({ status: 401, message: UPLOAD_MESSAGES.loggedOut });
    expect(upload).not.toHaveBeenCalled();
    expect(modals).toEqual([{ modal: 'please-log-in' }]);
  });

  it('does not ask before a small upload', async () => {
    const api = stubSession(null);
    expect(await guardUpload([small()], async () => 'stored')).toBe('stored');
    expect(api.session).not.toHaveBeenCalled();
  });

  it('turns a refusal into what the form shows: the modal for a lost session, the network’s message, the API’s 403 as it is', async () => {
    stubSession(null);
    const modals = recordBus('ui:open-modal');
    await expect(guardUpload([small()], () => Promise.reject(cut()))).rejects.toMatchObject({ status: 401 });
    expect(modals).toEqual([{ modal: 'please-log-in' }]);

    stubSession(ANN);
    const network = await guardUpload([small()], () => Promise.reject(cut())).catch((error: ApiError) => error);
    expect(network.fieldErrors).toEqual({ server: UPLOAD_MESSAGES.network });
    const forbidden = apiError(403, undefined, 'You can only change your own albums.');
    await expect(guardUpload([small()], () => Promise.reject(forbidden))).rejects.toBe(forbidden);
  });
});
