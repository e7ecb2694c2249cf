import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// The one stub: a folder the process may not read (root, which runs the tests, reads every folder).
vi.mock('node:fs/promises', async (actual) => {
  const fs = await actual<typeof import('node:fs/promises')>();
  return {
    ...fs,
    readdir: ((path: string, options?: unknown) =>
      String(path).endsWith('lost+found') ? Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })) : fs.readdir(path, options as never)) as typeof fs.readdir,
  };
});
const { audioFilesUnder } = await import('./folder-import.js');

const root = mkdtempSync(join(tmpdir(), 'tunafy-folder-walk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('audioFilesUnder', () => {
  it('follows links to folders and files, walks a folder once however it is reached, and reports what it could not read', async () => {
    const music = join(root, 'Music');
    const outside = join(root, 'Other disk');
    for (const folder of [join(music, 'Album'), join(music, 'lost+found'), join(music, '.hidden'), outside]) mkdirSync(folder, { recursive: true });
    for (const file of [join(music, 'Album', '01 One.flac'), join(music, 'Album', 'cover.jpg'), join(music, '.hidden', 'skip.mp3'), join(outside, '02 Two.mp3'), join(outside, 'Three.ogg'), join(music, 'Album', '04 Four.WMA'), join(music, 'Album', '05 Five.wma'), join(music, 'Album', '06 Six.ape')]) writeFileSync(file, 'x');
    symlinkSync(outside, join(music, 'Linked'));
    symlinkSync(join(outside, 'Three.ogg'), join(music, 'Album', '03 Three.ogg'));
    symlinkSync(music, join(music, 'Album', 'Back up'));
    symlinkSync(join(root, 'missing'), join(music, 'Gone'));

    const walk = await audioFilesUnder(music);
    expect(walk.files).toEqual([join(music, 'Album', '01 One.flac'), join(music, 'Album', '03 Three.ogg'), join(music, 'Linked', '02 Two.mp3'), join(music, 'Linked', 'Three.ogg')]);
    // cover.jpg, and the audio in formats that are not imported, counted by extension for the report.
    expect(walk.ignored).toBe(4);
    expect(walk.otherAudio).toEqual({ wma: 2, ape: 1 });
    expect(walk.unreadable).toEqual([
      { file: 'Gone', reason: 'This link points at nothing that can be read; it was left out.' },
      { file: 'lost+found/', reason: 'This folder could not be read (permission denied); its files were left out.' },
    ]);
  });

  it('fails when the folder itself cannot be read', async () => {
    mkdirSync(join(root, 'lost+found'));
    await expect(audioFilesUnder(join(root, 'lost+found'))).rejects.toMatchObject({ code: 'EACCES' });
  });
});
