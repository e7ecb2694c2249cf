import { describe, expect, it, vi } from 'vitest';
import { ApiError, UNREACHABLE_MESSAGE } from '@tunafy/api-client';
import { IMPORT_MESSAGES, type ImportResponse, type Song } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { LARGE_UPLOAD_BYTES, UPLOAD_MESSAGES, type UploadFailure } from '../../lib/upload-session';
import { ANN, BOB } from '../../test/fixtures';
import { apiError, deferred } from '../../test/fake-api';
import { recordBus } from '../../test/render';
import { createUploadQueue, followSession, type UploadSession } from './upload-queue';
import type { UploadRequest } from './api';

const song = (id: string): Song => ({ id, song_name: `Song ${id}` }) as Song;

function request(name: string, bytes = 100): UploadRequest {
  return { file: new File([new Uint8Array(bytes)], name), cover: null, edits: {} };
}

/** A send whose calls the test settles one by one. */
function manualSend() {
  const calls: { request: UploadRequest; progress: (fraction: number) => void; answer: ReturnType<typeof deferred<ImportResponse>>; signal: AbortSignal }[] = [];
  const send = vi.fn((request: UploadRequest, progress: (fraction: number) => void, signal: AbortSignal) => {
    const answer = deferred<ImportResponse>();
    // As the API client does: an abort rejects the request.
    signal.addEventListener('abort', () => answer.reject(new DOMException('Aborted', 'AbortError')));
    calls.push({ request, progress, answer, signal });
    return answer.promise;
  });
  return { send, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const MB = 1024 * 1024;
const cut = () => new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE_MESSAGE }, 'network');

/**
 * The session as the API would answer: `loggedIn` is what GET /api/auth/ says now and `user` who (the test flips
 * them; the page agrees), a 401 always means the session ended, a cut connection is judged by asking again, anything
 * else keeps its message.
 */
function fakeSession(state: { loggedIn: boolean; user?: string } = { loggedIn: true }) {
  const who = () => (state.loggedIn ? (state.user ?? ANN.id) : null);
  const session = {
    state,
    current: vi.fn(who),
    user: vi.fn(async () => who()),
    explain: vi.fn(async (error: unknown): Promise<UploadFailure> => {
      const failed = error as ApiError;
      if (failed.status === 401 || (failed.origin === 'network' && !state.loggedIn)) return { kind: 'logged-out' };
      return failed.origin === 'network' ? { kind: 'unanswered', message: UPLOAD_MESSAGES.network } : { kind: 'refused', message: failed.message };
    }),
    lost: vi.fn(),
  } satisfies UploadSession & { state: { loggedIn: boolean; user?: string } };
  return session;
}

const states = (queue: ReturnType<typeof createUploadQueue>) => queue.snapshot().jobs.map((job) => job.state);

describe('upload queue', () => {
  it('sends three files at a time and starts the next when one finishes', async () => {
    const { send, calls } = manualSend();
    const queue = createUploadQueue({ send, concurrency: 3 });
    queue.add(['a', 'b', 'c', 'd', 'e'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
    expect(send).toHaveBeenCalledTimes(3);
    expect(queue.snapshot().jobs.map((job) => job.state)).toEqual(['uploading', 'uploading', 'uploading', 'waiting', 'waiting']);
    calls[1]!.answer.resolve({ status: 'imported', song: song('b'), album: null, album_created: false, cover: 'generated' });
    await settle();
    expect(send).toHaveBeenCalledTimes(4);
    expect(calls[3]!.request.file.name).toBe('d.flac');
    expect(queue.snapshot().jobs[1]).toMatchObject({ state: 'imported', song: { id: 'b' } });
  });

  it('reports each file’s progress and the batch’s by bytes', () => {
    const { send, calls } = manualSend();
    const queue = createUploadQueue({ send, concurrency: 3 });
    queue.add([
      { id: 'big', request: request('big.flac', 300) },
      { id: 'small', request: request('small.mp3', 100) },
    ]);
    calls[0]!.progress(0.5);
    expect(queue.snapshot().jobs[0]!.progress).toBe(0.5);
    expect(queue.snapshot().progress).toBeCloseTo(150 / 400);
    expect(queue.snapshot().running).toBe(true);
  });

  it('keeps a failed file’s message and retries that file alone', async () => {
    const { send, calls } = manualSend();
    const queue = createUploadQueue({ send, concurrency: 3 });
    queue.add([
      { id: 'bad', request: request('bad.flac') },
      { id: 'good', request: request('good.flac') },
    ]);
    calls[0]!.answer.reject(apiError(415, { file: IMPORT_MESSAGES.unsupportedFormat }));
    calls[1]!.answer.resolve({ status: 'duplicate', song: song('g') });
    await settle();
    expect(queue.snapshot().jobs[0]).toMatchObject({ state: 'failed', error: IMPORT_MESSAGES.unsupportedFormat });
    expect(queue.snapshot().running).toBe(false);

    queue.retry('bad');
    expect(send).toHaveBeenCalledTimes(3);
    expect(calls[2]!.request.file.name).toBe('bad.flac');
    expect(queue.snapshot().jobs.map((job) => job.state)).toEqual(['uploading', 'duplicate']);
    calls[2]!.answer.resolve({ status: 'imported', song: song('bad'), album: null, album_created: false, cover: 'embedded' });
    await settle();
    expect(queue.snapshot().jobs[0]!.state).toBe('imported');
  });

  it('warns before the page is left only while uploads run', async () => {
    const { send, calls } = manualSend();
    const queue = createUploadQueue({ send });
    queue.add([{ id: 'a', request: request('a.mp3') }]);
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    calls[0]!.answer.resolve({ status: 'duplicate', song: song('a') });
    await settle();
    const later = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('clears finished files and keeps failed ones', async () => {
    const { send, calls } = manualSend();
    const queue = createUploadQueue({ send });
    queue.add([
      { id: 'a', request: request('a.mp3') },
      { id: 'b', request: request('b.mp3') },
    ]);
    calls[0]!.answer.resolve({ status: 'duplicate', song: song('a') });
    calls[1]!.answer.reject(apiError(500));
    await settle();
    queue.clearFinished();
    expect(queue.snapshot().jobs.map((job) => job.id)).toEqual(['b']);
    queue.retry('b');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('cancels a waiting file before it starts and aborts one in flight, then retries either on request', async () => {
    const { send, calls } = manualSend();
    const queue = createUploadQueue({ send, concurrency: 1 });
    queue.add(['a', 'b', 'c'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
    queue.cancel('b');
    queue.cancel('a');
    expect(calls[0]!.signal.aborted).toBe(true);
    await settle();
    // The aborted one is cancelled, not failed; the cancelled waiting one never started; the next one runs.
    expect(queue.snapshot().jobs.map((job) => job.state)).toEqual(['cancelled', 'cancelled', 'uploading']);
    expect(calls.map((call) => call.request.file.name)).toEqual(['a.flac', 'c.flac']);
    expect(queue.snapshot().progress).toBeCloseTo(2 / 3);

    queue.retry('b');
    calls[1]!.answer.resolve({ status: 'duplicate', song: song('c') });
    await settle();
    expect(calls[2]!.request.file.name).toBe('b.flac');
    expect(queue.snapshot().jobs.map((job) => job.state)).toEqual(['cancelled', 'uploading', 'duplicate']);
  });

  it('cancels every unfinished file at once, leaving answered ones as they are', async () => {
    const { send, calls } = manualSend();
    const queue = createUploadQueue({ send, concurrency: 2 });
    queue.add(['a', 'b', 'c'].map((name) => ({ id: name, request: request(`${name}.mp3`) })));
    calls[0]!.answer.resolve({ status: 'duplicate', song: song('a') });
    await settle();
    queue.cancelAll();
    await settle();
    expect(queue.snapshot().jobs.map((job) => job.state)).toEqual(['duplicate', 'cancelled', 'cancelled']);
    expect(queue.snapshot().running).toBe(false);
    queue.clearFinished();
    expect(queue.snapshot().jobs).toEqual([]);
  });

  it('asks whether anyone is logged in before a large batch, and holds it for the "Please log in" modal when nobody is', async () => {
    const { send } = manualSend();
    const session = fakeSession({ loggedIn: false });
    const queue = createUploadQueue({ send, session });
    queue.add([
      { id: 'a', request: request('a.flac', MB) },
      { id: 'b', request: request('b.flac', MB) },
    ]);
    expect(queue.snapshot().checking).toBe(true);
    await settle();
    expect(session.user).toHaveBeenCalledOnce();
    expect(send).not.toHaveBeenCalled();
    expect(states(queue)).toEqual(['paused', 'paused']);
    expect(queue.snapshot()).toMatchObject({ paused: true, running: false, checking: false, progress: 0 });
    expect(session.lost).toHaveBeenCalledOnce();
  });

  it('sends a small batch at once, without asking', () => {
    const { send } = manualSend();
    const session = fakeSession();
    createUploadQueue({ send, session }).add([{ id: 'a', request: request('a.mp3', LARGE_UPLOAD_BYTES) }]);
    expect(send).toHaveBeenCalledOnce();
    expect(session.user).not.toHaveBeenCalled();
  });

  it('stops sending when a file is refused for a lost session (401), keeps the rest, and resumes after the person logs in again', async () => {
    const { send, calls } = manualSend();
    const session = fakeSession();
    const queue = createUploadQueue({ send, session, concurrency: 2 });
    queue.add(['a', 'b', 'c', 'd', 'e'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
    calls[0]!.answer.resolve({ status: 'imported', song: song('a'), album: null, album_created: false, cover: 'embedded' });
    await settle();
    // Logged out elsewhere: the next answers are refusals.
    session.state.loggedIn = false;
    calls[1]!.answer.reject(apiError(401));
    await settle();
    expect(session.lost).toHaveBeenCalledOnce();
    expect(states(queue)).toEqual(['imported', 'paused', 'uploading', 'paused', 'paused']);
    // The one already in flight is refused too; no new request goes out for the files still waiting.
    calls[2]!.answer.reject(apiError(401));
    await settle();
    expect(send).toHaveBeenCalledTimes(3);
    expect(states(queue)).toEqual(['imported', 'paused', 'paused', 'paused', 'paused']);
    expect(session.lost).toHaveBeenCalledOnce();
    expect(queue.snapshot()).toMatchObject({ paused: true, running: false });

    // Resuming before logging in asks again and opens the modal again.
    queue.resume();
    await settle();
    expect(send).toHaveBeenCalledTimes(3);
    expect(session.lost).toHaveBeenCalledTimes(2);

    session.state.loggedIn = true;
    queue.resume();
    await settle();
    expect(queue.snapshot().paused).toBe(false);
    expect(calls.slice(3).map((call) => call.request.file.name)).toEqual(['b.flac', 'c.flac']);
    for (const call of calls.slice(3)) call.answer.resolve({ status: 'duplicate', song: song('x') });
    await settle();
    for (const call of calls.slice(5)) call.answer.resolve({ status: 'duplicate', song: song('y') });
    await settle();
    expect(calls.slice(3).map((call) => call.request.file.name)).toEqual(['b.flac', 'c.flac', 'd.flac', 'e.flac']);
    expect(states(queue)).toEqual(['imported', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
  });

  it('takes a cut connection after which nobody is logged in for a lost session, and one with the session intact for the network', async () => {
    const { send, calls } = manualSend();
    const session = fakeSession();
    const queue = createUploadQueue({ send, session, concurrency: 1 });
    queue.add(['a', 'b', 'c'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
    calls[0]!.answer.reject(cut());
    await settle();
    expect(queue.snapshot().jobs[0]).toMatchObject({ state: 'failed', error: UPLOAD_MESSAGES.network });
    expect(session.lost).not.toHaveBeenCalled();

    session.state.loggedIn = false;
    calls[1]!.answer.reject(cut());
    await settle();
    expect(session.lost).toHaveBeenCalledOnce();
    expect(states(queue)).toEqual(['failed', 'paused', 'paused']);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('shows a 403’s own message (CSRF or permission) on the file and goes on with the others', async () => {
    const { send, calls } = manualSend();
    const session = fakeSession();
    const queue = createUploadQueue({ send, session, concurrency: 1 });
    queue.add(['a', 'b'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
    calls[0]!.answer.reject(new ApiError({ statusCode: 403, code: 'CSRF_INVALID', message: 'Missing or invalid CSRF token.' }));
    await settle();
    expect(queue.snapshot().jobs[0]).toMatchObject({ state: 'failed', error: 'Missing or invalid CSRF token.' });
    expect(states(queue)).toEqual(['failed', 'uploading']);
    expect(session.lost).not.toHaveBeenCalled();
  });

  it('holds the waiting files when the person logs out here, without the modal, and says where to resume once they log in', async () => {
    const bus = getEventBus();
    bus.publish('auth:session', { user: ANN });
    const { send, calls } = manualSend();
    const session = fakeSession();
    const queue = createUploadQueue({ send, session, concurrency: 1 });
    followSession(queue);
    const notices = recordBus('ui:notify');
    queue.add(['a', 'b', 'c'].map((name) => ({ id: name, request: request(`${name}.flac`) })));

    session.state.loggedIn = false;
    bus.publish('auth:session', { user: null });
    expect(states(queue)).toEqual(['uploading', 'paused', 'paused']);
    calls[0]!.answer.resolve({ status: 'duplicate', song: song('a') });
    await settle();
    expect(send).toHaveBeenCalledOnce();
    // lost() runs once; the real one opens nothing when the bus already says nobody is logged in.
    expect(session.lost).toHaveBeenCalledOnce();

    bus.publish('auth:session', { user: ANN });
    expect(notices).toEqual([{ kind: 'info', message: '2 uploads are paused. Resume them on Upload Music.' }]);
  });

  it('cancels paused files, one or all', async () => {
    const { send } = manualSend();
    const queue = createUploadQueue({ send, session: fakeSession({ loggedIn: false }) });
    queue.add(['a', 'b', 'c'].map((name) => ({ id: name, request: request(`${name}.flac`, MB) })));
    await settle();
    queue.cancel('a');
    expect(states(queue)).toEqual(['cancelled', 'paused', 'paused']);
    queue.cancelAll();
    expect(states(queue)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it('sends again a file cut after the session was lost, even when the answer comes after logging in again (its refusal was lost on the way)', async () => {
    const { send, calls } = manualSend();
    const session = fakeSession();
    const queue = createUploadQueue({ send, session, concurrency: 2 });
    queue.add(['a', 'b', 'c'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
    session.state.loggedIn = false;
    calls[0]!.answer.reject(apiError(401));
    await settle();
    session.state.loggedIn = true;
    queue.resume();
    await settle();
    expect(states(queue)).toEqual(['uploading', 'uploading', 'waiting']);
    // The gateway's 502 for b arrives now, with the person logged in again.
    calls[1]!.answer.reject(cut());
    await settle();
    expect(queue.snapshot().jobs[1]).toMatchObject({ state: 'uploading', error: undefined });
    expect(calls.map((call) => call.request.file.name)).toEqual(['a.flac', 'b.flac', 'a.flac', 'b.flac']);
  });
  describe('on a shared computer', () => {
    /** Ann's batch of four, one at a time: a refused for its file, b in flight, c and d waiting; then she logs out here. */
    async function annLoggedOutMidBatch() {
      const bus = getEventBus();
      bus.publish('auth:session', { user: ANN });
      const { send, calls } = manualSend();
      const session = fakeSession();
      const queue = createUploadQueue({ send, session, concurrency: 1 });
      followSession(queue);
      queue.add(['a', 'b', 'c', 'd'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
      calls[0]!.answer.reject(apiError(415, { file: IMPORT_MESSAGES.unsupportedFormat }));
      await settle();
      session.state.loggedIn = false;
      bus.publish('auth:session', { user: null });
      expect(states(queue)).toEqual(['failed', 'uploading', 'paused', 'paused']);
      return { bus, send, calls, session, queue };
    }

    it('the same user logging in again is told where to resume, and Resume sends the rest into their account', async () => {
      const { bus, send, calls, session, queue } = await annLoggedOutMidBatch();
      calls[1]!.answer.reject(apiError(401));
      await settle();
      expect(states(queue)).toEqual(['failed', 'paused', 'paused', 'paused']);

      const notices = recordBus('ui:notify');
      session.state.loggedIn = true;
      bus.publish('auth:session', { user: ANN });
      expect(notices).toEqual([{ kind: 'info', message: '3 uploads are paused. Resume them on Upload Music.' }]);
      queue.resume();
      await settle();
      expect(session.user).toHaveBeenCalledOnce();
      expect(calls.slice(2).map((call) => call.request.file.name)).toEqual(['b.flac']);
      expect(states(queue)).toEqual(['failed', 'uploading', 'waiting', 'waiting']);
      expect(send).toHaveBeenCalledTimes(3);
    });

    it('another user logging in drops the previous one’s paused and failed files: nothing of theirs is sent, announced or listed', async () => {
      const { bus, send, calls, session, queue } = await annLoggedOutMidBatch();
      const notices = recordBus('ui:notify');
      const changes = recordBus('library:changed');
      // b is stored in Ann's account just as Bob logs in: its answer comes after he did.
      calls[1]!.answer.resolve({ status: 'imported', song: song('b'), album: null, album_created: false, cover: 'embedded' });
      Object.assign(session.state, { loggedIn: true, user: BOB.id });
      bus.publish('auth:session', { user: BOB });
      await settle();

      expect(queue.snapshot()).toMatchObject({ jobs: [], paused: false, running: false, checking: false, progress: 0 });
      expect(notices).toEqual([]);
      expect(changes).toEqual([]);
      const leaving = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(leaving);
      expect(leaving.defaultPrevented).toBe(false);

      queue.resume();
      queue.retry('a');
      await settle();
      expect(send).toHaveBeenCalledTimes(2);
      expect(session.user).not.toHaveBeenCalled();

      // Bob's own files go as usual.
      queue.add([{ id: 'mine', request: request('mine.flac') }]);
      expect(calls.map((call) => call.request.file.name)).toEqual(['a.flac', 'b.flac', 'mine.flac']);
      expect(states(queue)).toEqual(['uploading']);
    });

    it('aborts the previous user’s files still in flight when another logs in, and ignores how they end', async () => {
      const { bus, calls, session, queue } = await annLoggedOutMidBatch();
      Object.assign(session.state, { loggedIn: true, user: BOB.id });
      bus.publish('auth:session', { user: BOB });
      expect(calls[1]!.signal.aborted).toBe(true);
      await settle();
      expect(queue.snapshot().jobs).toEqual([]);
      expect(session.explain).toHaveBeenCalledTimes(1);
    });

    it('Resume by another user, logged in where this page could not see it, drops the files instead of sending them', async () => {
      const { send, calls } = manualSend();
      const session = fakeSession();
      const queue = createUploadQueue({ send, session, concurrency: 1 });
      queue.add(['a', 'b', 'c'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
      session.state.loggedIn = false;
      calls[0]!.answer.reject(apiError(401));
      await settle();
      expect(states(queue)).toEqual(['paused', 'paused', 'paused']);

      // Bob logged in in another tab; this page still shows Ann's paused files.
      Object.assign(session.state, { loggedIn: true, user: BOB.id });
      queue.resume();
      expect(queue.snapshot().checking).toBe(true);
      await settle();
      expect(send).toHaveBeenCalledOnce();
      expect(queue.snapshot()).toMatchObject({ jobs: [], paused: false, checking: false });
      expect(session.lost).toHaveBeenCalledOnce();
    });

    it('ignores a session check begun for files dropped since', async () => {
      const { send, calls } = manualSend();
      const session = fakeSession();
      const queue = createUploadQueue({ send, session, concurrency: 1 });
      queue.add(['a', 'b'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
      session.state.loggedIn = false;
      calls[0]!.answer.reject(apiError(401));
      await settle();
      const check = deferred<string | null>();
      session.user.mockImplementationOnce(() => check.promise);
      queue.resume();
      queue.userLoggedIn(BOB.id);
      check.resolve(ANN.id);
      await settle();
      expect(send).toHaveBeenCalledOnce();
      expect(queue.snapshot()).toMatchObject({ jobs: [], checking: false });
    });

    it('files another user adds replace the previous one’s, even without the login seen on the bus', async () => {
      const { send, calls } = manualSend();
      const session = fakeSession();
      const queue = createUploadQueue({ send, session, concurrency: 1 });
      queue.add(['a', 'b'].map((name) => ({ id: name, request: request(`${name}.flac`) })));
      session.state.loggedIn = false;
      calls[0]!.answer.reject(apiError(401));
      await settle();

      Object.assign(session.state, { loggedIn: true, user: BOB.id });
      queue.add([{ id: 'mine', request: request('mine.flac') }]);
      expect(queue.snapshot().jobs.map((job) => [job.id, job.state])).toEqual([['mine', 'uploading']]);
      expect(calls.map((call) => call.request.file.name)).toEqual(['a.flac', 'mine.flac']);
    });
  });
});
