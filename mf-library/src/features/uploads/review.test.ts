import { describe, expect, it } from 'vitest';
import { stubApiClient } from '../../test/fake-api';
import { uploadSong } from './api';
import { pendingRow, sortPicked } from './review';

// Lyrics dropped with the music (docs/lyrics.md): an .lrc of the same name, beside the file, goes with it.
const picked = (path: string, body = 'x') => ({ path, file: new File([body], path.slice(path.lastIndexOf('/') + 1)) });

describe('sortPicked and .lrc files', () => {
  it('pairs an audio file with the .lrc of the same name in its folder (any case), never with another folder’s', () => {
    const { audio, lyrics } = sortPicked([picked('A/01 One.flac'), picked('A/01 one.LRC', '[00:01.00]One'), picked('A/02 Two.mp3'), picked('B/02 Two.lrc'), picked('A/notes.txt')]);
    expect(audio.map((entry) => entry.path)).toEqual(['A/01 One.flac', 'A/02 Two.mp3']);
    const rows = audio.map((entry) => pendingRow(entry, undefined, lyrics.get(entry.path.replace(/\.[^./]*$/, '').toLowerCase())));
    expect(rows[0]!.lyrics?.name).toBe('01 one.LRC');
    expect(rows[1]!.lyrics).toBeNull();
  });

  it('sends the .lrc as the upload’s `lyrics` field', async () => {
    const api = stubApiClient();
    api.post.mockResolvedValue({ status: 'imported' });
    const lrc = new File(['[00:01.00]One'], 'one.lrc');
    await uploadSong({ file: new File(['audio'], 'one.flac'), cover: null, lyrics: lrc, edits: {} }, () => undefined);
    const form = (api.post.mock.calls[0]![1] as { form: FormData }).form;
    expect(form.get('lyrics')).toBeInstanceOf(File);
    expect((form.get('lyrics') as File).name).toBe('one.lrc');
  });
});
