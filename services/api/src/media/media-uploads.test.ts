import { LIMITS, MESSAGES } from '@tunafy/contracts';
import { describe, expect, it } from 'vitest';
import { synthesizeSong } from './synth/synth-song.js';
import { MediaInspector } from './media-inspector.js';
import { MediaStore, type MediaFile, type MediaUpload, type StoredMedia } from './media-store.js';
import { MediaUploads } from './media-uploads.js';
import { tinyPng } from './test-files.js';

class FakeStore extends MediaStore {
  readonly saved = new Map<string, MediaUpload>();
  failOnSave = Infinity;
  private next = 0;

  async save(upload: MediaUpload): Promise<StoredMedia> {
    if (this.saved.size >= this.failOnSave) throw new Error('disk full');
    const id = (++this.next).toString(16).padStart(24, '0');
    this.saved.set(id, upload);
    return { id, kind: upload.kind, contentType: upload.contentType, length: upload.data.length };
  }
  async saveFile(): Promise<StoredMedia> {
    throw new Error('not used by these tests');
  }
  async stagingPath(): Promise<string> {
    throw new Error('not used by these tests');
  }
  async stat(): Promise<null> {
    return null;
  }
  async open(): Promise<MediaFile | null> {
    return null;
  }
  async delete(id: string): Promise<void> {
    this.saved.delete(id);
  }
  async idsUploadedBefore(): Promise<string[]> {
    return [];
  }
  async deleteHeadlessChunks(): Promise<{ uploads: number; chunks: number }> {
    return { uploads: 0, chunks: 0 };
  }
}

function multerFile(originalname: string, buffer: Buffer): Express.Multer.File {
  return { fieldname: 'f', originalname, encoding: '7bit', mimetype: 'application/octet-stream', size: buffer.length, buffer } as Express.Multer.File;
}

const options = { field: 'cover', required: true };

describe('checkCover', () => {
  const uploads = new MediaUploads(new MediaInspector(), new FakeStore());

  it('accepts a real picture with an allowed name and reports the sniffed type', async () => {
    const result = await uploads.checkCover(multerFile('Cover.JPG', tinyPng()), options);
    expect(result).toEqual({ ok: true, upload: { kind: 'image', contentType: 'image/png', fileName: 'Cover.JPG', data: expect.any(Buffer) } });
  });

  it('uses the spec message for a missing required cover, and allows a missing optional one', async () => {
    expect(await uploads.checkCover(undefined, options)).toEqual({ ok: false, message: MESSAGES.coverFormat });
    expect(await uploads.checkCover(undefined, { field: 'cover', required: false })).toEqual({ ok: true, upload: null });
  });

  it('rejects text renamed .png, a picture named .txt, and an empty file', async () => {
    expect(await uploads.checkCover(multerFile('cover.png', Buffer.from('just text')), options)).toEqual({ ok: false, message: MESSAGES.coverFormat });
    expect(await uploads.checkCover(multerFile('cover.txt', tinyPng()), options)).toEqual({ ok: false, message: MESSAGES.coverFormat });
    expect(await uploads.checkCover(multerFile('cover.png', Buffer.alloc(0)), { field: 'cover', required: false })).toEqual({ ok: false, message: MESSAGES.coverFormat });
  });

  it('holds covers to their own size limit even when the request allowed a song-sized file', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(LIMITS.coverBytesMax)]);
    expect(await uploads.checkCover(multerFile('big.png', big), options)).toEqual({ ok: false, message: MESSAGES.coverTooLarge });
  });
});

describe('checkSong', () => {
  const uploads = new MediaUploads(new MediaInspector(), new FakeStore());
  const mp3 = synthesizeSong({ seed: 9, seconds: 2 });

  it('accepts an mp3 and reads its duration', async () => {
    const result = await uploads.checkSong(multerFile('tune.mp3', mp3), { field: 'song', required: true });
    expect(result).toMatchObject({ ok: true, upload: { kind: 'audio', contentType: 'audio/mpeg', fileName: 'tune.mp3', duration: 2 } });
  });

  it('uses the spec message for missing, misnamed and fake files', async () => {
    const failure = { ok: false, message: MESSAGES.songFormat };
    expect(await uploads.checkSong(undefined, { field: 'song', required: true })).toEqual(failure);
    expect(await uploads.checkSong(multerFile('tune.wav', mp3), { field: 'song', required: true })).toEqual(failure);
    expect(await uploads.checkSong(multerFile('tune.mp3', tinyPng()), { field: 'song', required: true })).toEqual(failure);
    expect(await uploads.checkSong(multerFile('tune.mp3', Buffer.alloc(0)), { field: 'song', required: true })).toEqual(failure);
  });

  it('refuses files over the song limit', async () => {
    const big = multerFile('big.mp3', Buffer.alloc(LIMITS.songBytesMax + 1));
    expect(await uploads.checkSong(big, { field: 'song', required: true })).toEqual({ ok: false, message: MESSAGES.songTooLarge });
  });
});

describe('storeAll', () => {
  const upload = (name: string): MediaUpload => ({ kind: 'image', contentType: 'image/png', fileName: name, data: tinyPng() });

  it('stores every file in order', async () => {
    const store = new FakeStore();
    const stored = await new MediaUploads(new MediaInspector(), store).storeAll([upload('a.png'), upload('b.png')]);
    expect(stored.map((media) => store.saved.get(media.id)?.fileName)).toEqual(['a.png', 'b.png']);
  });

  it('leaves nothing behind when a later file fails', async () => {
    const store = new FakeStore();
    store.failOnSave = 1;
    await expect(new MediaUploads(new MediaInspector(), store).storeAll([upload('a.png'), upload('b.png')])).rejects.toThrow('disk full');
    expect(store.saved.size).toBe(0);
  });
});

describe('discard', () => {
  it('never throws; a failed delete is left for the janitor', async () => {
    const store = new FakeStore();
    store.delete = async () => {
      throw new Error('database away');
    };
    await expect(new MediaUploads(new MediaInspector(), store).discard(['0'.repeat(24)])).resolves.toBeUndefined();
  });
});
