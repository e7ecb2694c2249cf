import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AUDIO_FORMAT_INFO, AUDIO_FORMATS, type AudioFormat } from '@tunafy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioInspector, sniffContainer, WHOLE_READ_MAX_BYTES } from './audio-inspector.service.js';
import { mergeTags } from './song-importer.js';
import { FIXTURE_EXTENSIONS, testPicture, writeAudio } from '../test/test-audio.js';

const dir = mkdtempSync(join(tmpdir(), 'tunafy-inspector-'));
const inspector = new AudioInspector();
const tagged = new Map<AudioFormat, string>();
const picture = testPicture();

beforeAll(async () => {
  await Promise.all(
    AUDIO_FORMATS.map(async (format) => {
      const path = join(dir, `tagged-${format}.${FIXTURE_EXTENSIONS[format]}`);
      await writeAudio(path, { format, title: `Song ${format}`, album: 'Fixtures', track: 3, disc: 2, year: 2001, genre: 'Rock', picture, seconds: 3 });
      tagged.set(format, path);
    }),
  );
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('AudioInspector', () => {
  it.each(AUDIO_FORMATS.map((format) => [format]))('reads %s: format by the bytes, real duration, tags and picture', async (format) => {
    const result = await inspector.inspect(await inspector.probe(tagged.get(format)!));
    expect(result).toMatchObject({ ok: true, format, duration: 3, tags: { title: `Song ${format}`, album: 'Fixtures', track: 3, year: 2001, genre: 'Rock' } });
    if (!result.ok) return;
    // ffmpeg writes no disc number into WAV's RIFF INFO, and no picture into WAV at all.
    if (format !== 'wav') {
      expect(result.tags.disc).toBe(2);
      expect(result.tags.picture?.equals(picture)).toBe(true);
    }
  });

  it('reads a small file whole, once, and a large one from disk, with the same answers', async () => {
    const small = await inspector.probe(tagged.get('flac')!);
    expect(small.data?.length).toBe(small.size);
    expect(small.type?.ext).toBe('flac');
    const large = await writeAudio(join(dir, 'large.wav'), { format: 'wav', title: 'Large', seconds: 15 });
    const probe = await inspector.probe(large);
    expect(probe.size).toBeGreaterThan(WHOLE_READ_MAX_BYTES);
    expect(probe.data).toBeNull();
    expect(await inspector.inspect(probe)).toMatchObject({ ok: true, format: 'wav', duration: 15, tags: { title: 'Large' } });
    expect(await inspector.container(probe)).toEqual({ contentType: AUDIO_FORMAT_INFO.wav.contentType, maxBytes: AUDIO_FORMAT_INFO.wav.maxBytes });
  });

  it('reads a file without tags, whatever its name', async () => {
    const path = await writeAudio(join(dir, 'no-tags.bin'), { format: 'flac' });
    expect(await inspector.inspect(await inspector.probe(path))).toEqual({ ok: true, format: 'flac', contentType: 'audio/flac', duration: 2, tags: {} });
  });

  it('refuses text named .flac, MPEG layer 2 named .mp3, and FLAC inside Ogg', async () => {
    const text = join(dir, 'fake.flac');
    writeFileSync(text, 'Just some text pretending to be music\n'.repeat(20));
    expect(await inspector.inspect(await inspector.probe(text))).toEqual({ ok: false, reason: 'unsupported' });
    const mp2 = join(dir, 'layer2.mp3');
    await promisify(execFile)('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'mp2', '-f', 'mp2', mp2]);
    expect(await inspector.inspect(await inspector.probe(mp2))).toEqual({ ok: false, reason: 'unsupported' });
    const oggFlac = join(dir, 'flac.ogg');
    await promisify(execFile)('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'flac', '-f', 'ogg', oggFlac]);
    expect(await inspector.inspect(await inspector.probe(oggFlac))).toEqual({ ok: false, reason: 'unsupported' });
  });

  it('names the container from the first bytes, for the early size limit', async () => {
    const { readFile } = await import('node:fs/promises');
    const head = async (format: AudioFormat) => (await readFile(tagged.get(format)!)).subarray(0, 64 * 1024);
    expect(await sniffContainer(await head('flac'))).toBe('flac');
    expect(await sniffContainer(await head('aac'))).toBe('alac');
    expect(await sniffContainer(await head('vorbis'))).toBe('opus');
    expect(await sniffContainer(Buffer.from('hello'))).toBeNull();
  });

  it.each(AUDIO_FORMATS.map((format) => [format]))('guesses the content type %s is stored with from its first bytes, before parsing', async (format) => {
    // The importer starts storing the file with this type while it parses it: it must be the one parsing settles on.
    const guess = await inspector.container(await inspector.probe(tagged.get(format)!));
    const inspected = await inspector.inspect(await inspector.probe(tagged.get(format)!));
    expect(guess?.contentType).toBe(inspected.ok && inspected.contentType);
    expect(guess!.maxBytes).toBeGreaterThanOrEqual(AUDIO_FORMAT_INFO[format].maxBytes);
  });

  it('guesses nothing for a file that is not audio', async () => {
    const text = join(dir, 'guess.flac');
    writeFileSync(text, 'Just some text pretending to be music\n'.repeat(20));
    expect(await inspector.container(await inspector.probe(text))).toBeNull();
  });
});

describe('mergeTags', () => {
  it('takes edits over tags over the file name; an empty edit clears', () => {
    const tags = { title: 'Tagged', album: 'Tag Album', track: 4, genre: 'Jazz' };
    expect(mergeTags({}, tags, '07 - Named.flac')).toEqual({ title: 'Tagged', album: 'Tag Album', track: 4, disc: null, year: null, genre: 'Jazz' });
    expect(mergeTags({}, {}, '1-07 - Named.flac')).toEqual({ title: 'Named', album: null, track: 7, disc: 1, year: null, genre: null });
    expect(mergeTags({ title: 'Edited', album: null, track: null, year: 1999 }, tags, '07 - Named.flac')).toEqual({
      title: 'Edited',
      album: null,
      track: null,
      disc: null,
      year: 1999,
      genre: 'Jazz',
    });
  });
});
