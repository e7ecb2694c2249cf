import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_MESSAGES } from '@tunafy/contracts';
import { getEventBus } from '@tunafy/event-bus';
import { ApiError, UNREACHABLE_MESSAGE } from '@tunafy/api-client';
import { ANN } from '../../test/fixtures';
import { stubApiClient } from '../../test/fake-api';
import { publishSession, recordBus, renderAt } from '../../test/render';
import type { AudioReading } from '../../lib/read-audio';
import { createUploadQueue } from './upload-queue';
import { UploadScreen } from './upload-screen';
import { createReviewStore } from './use-review';

const readings: Record<string, AudioReading> = {
  '03 - Tagged.flac': { format: 'flac', duration: 185, tags: { title: 'Real Title', album: 'Blue', track: 7, disc: 2, year: 1999, genre: 'Jazz' }, picture: new Blob(['png'], { type: 'image/png' }) },
  '04 - From The Name.mp3': { format: 'mp3', duration: 61, tags: {}, picture: null },
  'notes.flac': { format: null, duration: null, tags: {}, picture: null },
  'again.mp3': { format: 'mp3', duration: 30, tags: { title: 'Again' }, picture: null },
};
// jsdom's Blob has no arrayBuffer() (nor text()): hash its text, read the old way.
vi.mock('./hash-file', () => ({
  hashFile: (file: File) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(sha256(reader.result as string));
      reader.readAsText(file);
    }),
}));

const read = vi.fn(async (file: File) => readings[file.name]!);

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Files as a folder picker gives them: each with its path inside the folder. */
function folder(files: Record<string, string>): File[] {
  return Object.entries(files).map(([path, content]) => {
    const file = new File([content], path.split('/').pop()!);
    Object.defineProperty(file, 'webkitRelativePath', { value: path });
    return file;
  });
}

async function setUp() {
  const api = stubApiClient();
  const duplicateHash = await sha256('again bytes');
  api.post.mockImplementation(async (path) => {
    if (path === '/api/uploads/check') return { duplicates: { [duplicateHash]: 'song-9' } };
    throw new Error(`unexpected ${path}`);
  });
  const send = vi.fn(async () => new Promise<never>(() => {}));
  const queue = createUploadQueue({ send });
  renderAt('/upload', { '/upload': <UploadScreen queue={queue} read={read} /> });
  const files = folder({
    'Blue/03 - Tagged.flac': 'flac bytes',
    'Blue/04 - From The Name.mp3': 'mp3 bytes',
    'Blue/cover.jpg': 'jpeg bytes',
    'Blue/notes.flac': 'just text',
    'Blue/again.mp3': 'again bytes',
    'Blue/playlist.m3u': 'not music',
  });
  fireEvent.change(screen.getByLabelText('Choose a folder'), { target: { files } });
  await screen.findByText(/4 files: 2 ready, 2 with problems/, {}, { timeout: 10_000 });
  return { api, send, queue };
}

const input = (field: string, file: string) => screen.getByRole('textbox', { name: `${field} of ${file}` });

// jsdom renders tables slowly, and the machine may be busy: generous time, no timing asserted.
describe('upload screen review', { timeout: 30_000 }, () => {
  it('shows each file’s tags, else defaults from its name, and the cover it will use', async () => {
    await setUp();
    expect(input('Title', '03 - Tagged.flac')).toHaveValue('Real Title');
    expect(input('Album', '03 - Tagged.flac')).toHaveValue('Blue');
    expect(input('Track', '03 - Tagged.flac')).toHaveValue('7');
    expect(input('Disc', '03 - Tagged.flac')).toHaveValue('2');
    expect(input('Year', '03 - Tagged.flac')).toHaveValue('1999');
    expect(input('Genre', '03 - Tagged.flac')).toHaveValue('Jazz');
    expect(input('Title', '04 - From The Name.mp3')).toHaveValue('From The Name');
    expect(input('Track', '04 - From The Name.mp3')).toHaveValue('4');
    expect(input('Album', '04 - From The Name.mp3')).toHaveValue('');

    const tagged = screen.getByRole('row', { name: /03 - Tagged\.flac/ });
    expect(within(tagged).getByText('From the file')).toBeInTheDocument();
    expect(within(tagged).getByText('3:05')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /04 - From The Name/ })).getByText('cover.jpg')).toBeInTheDocument();
    // Only audio files are listed; the playlist file is left alone.
    expect(screen.queryByText('playlist.m3u')).not.toBeInTheDocument();
  });

  it('marks unsupported files and songs the user already has', async () => {
    await setUp();
    expect(within(screen.getByRole('row', { name: /notes\.flac/ })).getByText(IMPORT_MESSAGES.unsupportedFormat)).toBeInTheDocument();
    const again = screen.getByRole('row', { name: /again\.mp3/ });
    expect(within(again).getByText('You already have this song.')).toBeInTheDocument();
    expect(within(again).getByRole('link', { name: 'Open it' })).toHaveAttribute('href', '/songs/song-9');
  });

  it('marks files over their format’s limit', async () => {
    stubApiClient().post.mockResolvedValue({ duplicates: {} });
    renderAt('/upload', { '/upload': <UploadScreen queue={createUploadQueue({ send: vi.fn() })} read={async () => readings['03 - Tagged.flac']!} /> });
    const huge = new File(['x'], 'huge.flac');
    Object.defineProperty(huge, 'size', { value: 251 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [huge] } });
    expect(await screen.findByText(IMPORT_MESSAGES.tooLarge('flac'), {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('takes files dropped elsewhere on the app, handed over by the shell on the bus', async () => {
    stubApiClient().post.mockResolvedValue({ duplicates: {} });
    // Published before the screen mounts, as the shell does while it navigates here.
    getEventBus().publish('library:files-dropped', { entries: [], files: [new File(['mp3 bytes'], '04 - From The Name.mp3')] });
    renderAt('/upload', { '/upload': <UploadScreen queue={createUploadQueue({ send: vi.fn() })} read={read} /> });
    expect(await screen.findByText(/1 file: 1 ready/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(input('Title', '04 - From The Name.mp3')).toHaveValue('From The Name');
  });

  it('shows a large folder a page at a time', async () => {
    stubApiClient().post.mockResolvedValue({ duplicates: {} });
    renderAt('/upload', { '/upload': <UploadScreen queue={createUploadQueue({ send: vi.fn() })} read={async () => readings['04 - From The Name.mp3']!} /> });
    const files = Array.from({ length: 60 }, (_, at) => new File([`song ${at}`], `${String(at + 1).padStart(3, '0')} - Song.mp3`));
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files } });
    await screen.findByText(/60 files: 60 ready/, {}, { timeout: 20_000 });
    expect(screen.getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Files 1–50 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next files' }));
    expect(screen.getByText('Files 51–60 of 60')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(input('Track', '051 - Song.mp3')).toHaveValue('51');
    expect(screen.getByRole('button', { name: 'Next files' })).toBeDisabled();
  });

  it('checks edits with the API’s rules and sends only what was changed', async () => {
    const { send } = await setUp();
    const user = userEvent.setup();
    const track = input('Track', '04 - From The Name.mp3');
    await user.clear(track);
    await user.type(track, '1000');
    expect(screen.getByText(IMPORT_MESSAGES.trackInvalid)).toBeInTheDocument();
    expect(track).toHaveAccessibleDescription(IMPORT_MESSAGES.trackInvalid);
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeEnabled();

    await user.clear(track);
    await user.type(track, '12');
    await user.type(input('Album', '04 - From The Name.mp3'), 'Blue');
    await user.click(screen.getByRole('button', { name: 'Upload 2 files' }));

    expect(send).toHaveBeenCalledTimes(2);
    const [tagged, named] = send.mock.calls.map((call) => (call as unknown as [{ file: File; cover: File | null; edits: object }])[0]);
    expect(tagged).toMatchObject({ edits: {}, cover: null });
    expect(tagged!.file.name).toBe('03 - Tagged.flac');
    expect(named).toMatchObject({ edits: { track: '12', album: 'Blue' } });
    expect(named!.cover?.name).toBe('cover.jpg');
    // The review turns into the upload list, which takes the focus.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Uploads' })).toHaveFocus());
    expect(screen.getAllByRole('progressbar', { name: /Uploading/ })).toHaveLength(2);
  });

  it('keeps the review, edits included, when the person leaves the screen and comes back', async () => {
    stubApiClient().post.mockResolvedValue({ duplicates: {} });
    const review = createReviewStore(async () => readings['04 - From The Name.mp3']!);
    const screenAt = () => renderAt('/upload', { '/upload': <UploadScreen queue={createUploadQueue({ send: vi.fn() })} review={review} /> });
    const first = screenAt();
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: folder({ '04 - From The Name.mp3': 'mp3 bytes' }) } });
    await screen.findByText(/1 file: 1 ready/, {}, { timeout: 10_000 });
    const title = input('Title', '04 - From The Name.mp3');
    await userEvent.clear(title);
    await userEvent.type(title, 'Kept');
    first.unmount();

    screenAt();
    expect(screen.getByText(/1 file: 1 ready/)).toBeInTheDocument();
    expect(input('Title', '04 - From The Name.mp3')).toHaveValue('Kept');
  });

  it('asks whether anyone is still logged in before sending a large batch; nobody: the "Please log in" modal, nothing sent, the files kept', async () => {
    const api = stubApiClient();
    api.post.mockResolvedValue({ duplicates: {} });
    const session = vi.fn(async () => null);
    Object.assign(api, { session, forgetCsrfToken: vi.fn() });
    publishSession(ANN);
    const modals = recordBus('ui:open-modal');
    const send = vi.fn();
    renderAt('/upload', { '/upload': <UploadScreen queue={createUploadQueue({ send })} read={read} /> });
    const big = new File(['mp3 bytes'], '04 - From The Name.mp3');
    Object.defineProperty(big, 'size', { value: 40 * 1024 * 1024 });
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: [big] } });
    await screen.findByText(/1 file: 1 ready/, {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));

    await waitFor(() => expect(modals).toEqual([{ modal: 'please-log-in' }]));
    expect(session).toHaveBeenCalledOnce();
    expect(send).not.toHaveBeenCalled();
    // The app now knows nobody is logged in (the log-in page would send a "logged-in" user home).
    expect(getEventBus().last('auth:session')).toEqual({ user: null });
    expect(screen.getByText('Paused: not sent yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resume uploads' })).toBeInTheDocument();
  });

  it('takes a cut connection for a lost session when the API then says nobody is logged in', async () => {
    const api = stubApiClient();
    api.post.mockResolvedValue({ duplicates: {} });
    Object.assign(api, { session: vi.fn(async () => null), forgetCsrfToken: vi.fn() });
    publishSession(ANN);
    const modals = recordBus('ui:open-modal');
    const send = vi.fn(async () => Promise.reject(new ApiError({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: UNREACHABLE_MESSAGE }, 'network')));
    renderAt('/upload', { '/upload': <UploadScreen queue={createUploadQueue({ send, concurrency: 1 })} read={read} /> });
    fireEvent.change(screen.getByLabelText('Choose files'), { target: { files: folder({ '04 - From The Name.mp3': 'mp3 bytes', 'again.mp3': 'other bytes' }) } });
    await screen.findByText(/2 files: 2 ready/, {}, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Upload 2 files' }));

    await waitFor(() => expect(modals).toEqual([{ modal: 'please-log-in' }]));
    expect(send).toHaveBeenCalledOnce();
    expect(screen.getAllByText('Paused: not sent yet')).toHaveLength(2);
  });
});
