import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_MESSAGES, type Album, type ImportResponse, type Song } from '@tunafy/contracts';
import { apiError, deferred } from '../../test/fake-api';
import { ANN, BOB } from '../../test/fixtures';
import { publishSession, renderAt } from '../../test/render';
import { createUploadQueue, followSession, type UploadSession } from './upload-queue';
import { UploadList } from './upload-list';

const file = (name: string) => new File(['x'.repeat(10)], name);

describe('upload list', () => {
  it('shows a bar per file in flight and for the batch, links results, and retries a failed file alone', async () => {
    const answers = [deferred<ImportResponse>(), deferred<ImportResponse>(), deferred<ImportResponse>()];
    const send = vi.fn((_request: unknown, progress: (fraction: number) => void) => {
      progress(0.5);
      return answers[send.mock.calls.length - 1]!.promise;
    });
    const queue = createUploadQueue({ send });
    renderAt('/upload', { '/upload': <UploadList queue={queue} /> });
    queue.add([
      { id: 'a', request: { file: file('a.flac'), cover: null, edits: {} } },
      { id: 'b', request: { file: file('b.ogg'), cover: null, edits: {} } },
    ]);
    expect(await screen.findByRole('progressbar', { name: 'Uploading a.flac' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('progressbar', { name: '0 of 2 uploaded' })).toHaveAttribute('aria-valuenow', '50');

    answers[0]!.resolve({ status: 'imported', song: { id: 's1', song_name: 'Alpha' } as Song, album: { id: 'al1', album_name: 'Blue' } as Album, album_created: true, cover: 'embedded' });
    answers[1]!.reject(apiError(415, { file: IMPORT_MESSAGES.unsupportedFormat }));
    const imported = await screen.findByText(/^Imported:/);
    expect(within(imported).getByRole('link', { name: 'Alpha' })).toHaveAttribute('href', '/songs/s1');
    expect(within(imported).getByRole('link', { name: 'Blue' })).toHaveAttribute('href', '/albums/al1');
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.unsupportedFormat);
    expect(screen.getByRole('progressbar', { name: '1 of 2 uploaded, 1 failed' })).toHaveAttribute('aria-valuenow', '100');

    await userEvent.click(screen.getByRole('button', { name: 'Retry b.ogg' }));
    expect(send).toHaveBeenCalledTimes(3);
    answers[2]!.resolve({ status: 'duplicate', song: { id: 's2', song_name: 'Beta' } as Song });
    await waitFor(() => expect(screen.getByText(/^Already yours:/)).toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Beta' })).toHaveAttribute('href', '/songs/s2');
  });

  it('cancels one file or all of them with buttons named for what they stop, and offers a retry', async () => {
    const send = vi.fn((_request: unknown, _progress: unknown, signal: AbortSignal) => new Promise<ImportResponse>((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))));
    const queue = createUploadQueue({ send, concurrency: 1 });
    renderAt('/upload', { '/upload': <UploadList queue={queue} /> });
    queue.add(['a.flac', 'b.flac', 'c.flac'].map((name) => ({ id: name, request: { file: file(name), cover: null, edits: {} } })));

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel a.flac' }));
    expect(await screen.findByRole('button', { name: 'Retry a.flac' })).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Uploading b.flac' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    await waitFor(() => expect(screen.getAllByText('Cancelled')).toHaveLength(3));
    expect(screen.getByRole('progressbar', { name: '0 of 3 uploaded, 3 cancelled' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel all' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('heading', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it('after a lost session, lists the files not sent as paused with one Resume uploads that sends them once logged in again', async () => {
    const answers: ReturnType<typeof deferred<ImportResponse>>[] = [];
    const send = vi.fn(() => {
      answers.push(deferred<ImportResponse>());
      return answers.at(-1)!.promise;
    });
    let loggedIn = true;
    const session: UploadSession = {
      current: () => ANN.id,
      user: vi.fn(async () => (loggedIn ? ANN.id : null)),
      explain: vi.fn(async () => ({ kind: 'logged-out' as const })),
      lost: vi.fn(),
    };
    const queue = createUploadQueue({ send, session, concurrency: 1 });
    renderAt('/upload', { '/upload': <UploadList queue={queue} /> });
    act(() => queue.add(['a.flac', 'b.flac', 'c.flac'].map((name) => ({ id: name, request: { file: file(name), cover: null, edits: {} } }))));

    loggedIn = false;
    await act(async () => answers[0]!.reject(apiError(401)));
    expect(await screen.findByText('Uploads paused: you were logged out, so 3 files were not sent yet.')).toHaveAttribute('role', 'status');
    expect(screen.getAllByText('Paused: not sent yet')).toHaveLength(3);
    expect(screen.getByRole('progressbar', { name: '0 of 3 uploaded, 3 paused' })).toHaveAttribute('aria-valuenow', '0');
    expect(session.lost).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledOnce();

    loggedIn = true;
    await userEvent.click(screen.getByRole('button', { name: 'Resume uploads' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading a.flac' })).toBeInTheDocument();
    expect(screen.queryByText(/^Uploads paused/)).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('empties when another user logs in on this page: the previous one’s paused and failed files are neither shown nor sent', async () => {
    publishSession(ANN);
    const answers: ReturnType<typeof deferred<ImportResponse>>[] = [];
    const send = vi.fn(() => {
      answers.push(deferred<ImportResponse>());
      return answers.at(-1)!.promise;
    });
    const session: UploadSession = {
      current: () => ANN.id,
      user: vi.fn(async () => null),
      explain: vi.fn(async () => ({ kind: 'logged-out' as const })),
      lost: vi.fn(),
    };
    const queue = createUploadQueue({ send, session, concurrency: 1 });
    followSession(queue);
    renderAt('/upload', { '/upload': <UploadList queue={queue} /> });
    act(() => queue.add(['a.flac', 'b.flac'].map((name) => ({ id: name, request: { file: file(name), cover: null, edits: {} } }))));
    await act(async () => answers[0]!.reject(apiError(401)));
    expect(await screen.findByRole('button', { name: 'Resume uploads' })).toBeInTheDocument();
    publishSession(null);

    publishSession(BOB);
    expect(screen.queryByRole('heading', { name: 'Uploads' })).not.toBeInTheDocument();
    expect(screen.queryByText('a.flac')).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledOnce();
  });
});
