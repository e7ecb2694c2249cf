import { describe, expect, it, vi } from 'vitest';
import { IMPORT_MESSAGES, type ImportResponse, type Song } from '@tunafy/contracts';
import { apiError, deferred } from '../../test/fake-api';
import { createUploadQueue } from './upload-queue';
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
});
