import { describe, expect, it } from 'vitest';
import { synthesizeSong } from './synth/synth-song.js';
import { MediaInspector } from './media-inspector.js';
import { noiseBytes, tinyGif, tinyJpeg, tinyPdf, tinyPng } from './test-files.js';

const inspector = new MediaInspector();

describe('inspectCover', () => {
  it.each([
    ['PNG', tinyPng(), 'image/png'],
    ['JPEG', tinyJpeg(), 'image/jpeg'],
    ['GIF', tinyGif(), 'image/gif'],
    ['PDF', tinyPdf(), 'application/pdf'],
  ])('accepts a real %s by its bytes', async (_name, data, contentType) => {
    expect(await inspector.inspectCover(data)).toEqual({ contentType });
  });

  it('rejects text, whatever the file is called', async () => {
    expect(await inspector.inspectCover(Buffer.from('<script>alert(1)</script> not really a picture'))).toBeNull();
  });

  it('rejects an mp3, random bytes and an empty buffer', async () => {
    expect(await inspector.inspectCover(synthesizeSong({ seed: 1, seconds: 1 }))).toBeNull();
    expect(await inspector.inspectCover(noiseBytes(4096))).toBeNull();
    expect(await inspector.inspectCover(Buffer.alloc(0))).toBeNull();
  });
});

describe('inspectSong', () => {
  it('reads the duration of a real mp3, in whole seconds', async () => {
    expect(await inspector.inspectSong(synthesizeSong({ seed: 3, seconds: 4 }))).toEqual({ contentType: 'audio/mpeg', duration: 4 });
  });

  it('gives a one-second file at least one second', async () => {
    expect((await inspector.inspectSong(synthesizeSong({ seed: 4, seconds: 1 })))?.duration).toBe(1);
  });

  it('rejects images, random bytes, a lone frame header and an empty buffer', async () => {
    expect(await inspector.inspectSong(tinyPng())).toBeNull();
    expect(await inspector.inspectSong(noiseBytes(64 * 1024))).toBeNull();
    expect(await inspector.inspectSong(Buffer.from([0xff, 0xfb, 0x90, 0xc4]))).toBeNull();
    expect(await inspector.inspectSong(Buffer.alloc(0))).toBeNull();
  });
});
