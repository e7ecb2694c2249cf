import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import { CatalogModel } from '../catalog/catalog-model.js';
import { fakeCatalog } from '../catalog/testing.js';
import type { ApiException } from '../common/api-exception.js';
import type { MediaFileUpload, MediaStore, MediaUpload, StoredMedia } from '../media/media-store.js';
import type { MediaUploads } from '../media/media-uploads.js';
import type { SharedCovers } from '../media/shared-covers.js';
import type { NewSong, SongRecord, SongsRepository } from '../persistence/songs.repository.js';
import type { AlbumResolver } from './album-resolver.service.js';
import type { AlbumCredits } from '../artists/album-credits.service.js';
import type { ArtistResolver } from '../artists/artist-resolver.service.js';
import type { AudioInspector } from './audio-inspector.service.js';
import type { CoverArt } from './cover-art.js';
import type { Claim, ClaimKind, ImportClaimsRepository } from '../persistence/import-claims.repository.js';
import { SONG_CLAIM_IN_FLIGHT_MS, SongImporter, sha256Of } from './song-importer.js';
import { SongHashClaims } from './song-hash-claims.service.js';

const USER = 'a'.repeat(24);
const dir = mkdtempSync(join(tmpdir(), 'tunafy-importer-'));
const audioPath = join(dir, '01 - Song.flac');
writeFileSync(audioPath, 'pretend audio');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

class FakeClaims {
  readonly rows = new Map<string, Claim>();
  private generations = 0;
  /** How many marks each markManyDone call wrote. */
  readonly doneBatches: number[] = [];
  async claim(kind: ClaimKind, key: string, targetId: string) {
    if (this.rows.has(`${kind}/${key}`)) return false;
    this.rows.set(`${kind}/${key}`, { targetId, claimedAt: new Date(), doneInDocument: false, generation: `g${++this.generations}` });
    return true;
  }
  async find(kind: ClaimKind, key: string) {
    return this.rows.get(`${kind}/${key}`) ?? null;
  }
  /** `<kind>/<key>@<target>`, as the repository inserts them. */
  readonly doneMarks = new Set<string>();
  async markDone(kind: ClaimKind, key: string, targetId: string) {
    this.doneMarks.add(`${kind}/${key}@${targetId}`);
  }
  async isDone(kind: ClaimKind, key: string, claim: Claim) {
    return claim.doneInDocument || this.doneMarks.has(`${kind}/${key}@${claim.targetId}`);
  }
  async markManyDone(kind: ClaimKind, marks: { key: string; targetId: string }[]) {
    this.doneBatches.push(marks.length);
    for (const { key, targetId } of marks) await this.markDone(kind, key, targetId);
  }
  async takeOver(kind: ClaimKind, key: string, stale: Claim, targetId: string) {
    const row = this.rows.get(`${kind}/${key}`);
    if (row?.generation !== stale.generation) return false;
    this.rows.set(`${kind}/${key}`, { targetId, claimedAt: new Date(), doneInDocument: false, generation: `g${++this.generations}` });
    return true;
  }
  async release(kind: ClaimKind, key: string, targetId: string) {
    if (this.rows.get(`${kind}/${key}`)?.targetId === targetId) this.rows.delete(`${kind}/${key}`);
  }
}

function setup(options: { failSongInsert?: boolean; album?: string; parseRefuses?: boolean } = {}) {
  const log: string[] = [];
  let nextFile = 0;
  const claims = new FakeClaims();
  const model = new CatalogModel();
  model.putUser(USER, 'ann');
  const catalog = fakeCatalog(model, log);
  const album: AlbumRecord = { id: 'b'.repeat(24), name: 'Made Here', artistId: USER, coverFileId: 'c'.repeat(24), createdAt: new Date() };
  const inspector = {
    probe: async (path: string) => ({ path, size: 1, data: null, type: undefined }),
    container: async () => ({ contentType: 'audio/flac', maxBytes: 250_000_000 }),
    inspect: async () =>
      options.parseRefuses ? { ok: false, reason: 'unsupported' } : ({ ok: true, format: 'flac', contentType: 'audio/flac', duration: 42, tags: options.album ? { album: options.album } : {} }),
  } as unknown as AudioInspector;
  const covers = {
    choose: async () => ({ upload: { kind: 'image', contentType: 'image/png', fileName: 'c', data: Buffer.from('png') }, source: 'generated' }),
    fileFor: async () => ({ fileId: `file${++nextFile}`, source: 'generated' }),
  } as unknown as CoverArt;
  const albums = {
    findOrCreate: async () => {
      log.push('album.create');
      model.putAlbum(album);
      return { album, created: true };
    },
    discardIfEmpty: async (_user: string, discarded: AlbumRecord) => void log.push(`album.discardIfEmpty ${discarded.id}`),
  } as unknown as AlbumResolver;
  // These files' tags name no artist: nothing to resolve.
  const artists = { resolveFile: async () => ({ creditIds: [], albumArtistId: undefined }) } as unknown as ArtistResolver;
  const songs = {
    create: async (input: NewSong): Promise<SongRecord> => {
      if (options.failSongInsert) throw new Error('database went away');
      log.push('songs.create');
      return { id: input.id!, name: input.name, artistId: input.artistId, albumId: input.albumId, coverFileId: input.coverFileId, audioFileId: input.audioFileId, duration: input.duration, plays: 0, createdAt: Date.now(), ...input.tags };
    },
    findById: async () => null,
    contentHashOf: async () => null,
  } as unknown as SongsRepository;
  const store = {
    saveFile: async (upload: MediaFileUpload): Promise<StoredMedia> => {
      log.push(`store.saveFile ${upload.adopt}`);
      return { id: `file${++nextFile}`, kind: upload.kind, contentType: upload.contentType, length: 1 };
    },
  } as unknown as MediaStore;
  const uploads = {
    storeAll: async (files: MediaUpload[]) => files.map((file) => ({ id: `file${++nextFile}`, kind: file.kind, contentType: file.contentType, length: 1 })),
    discard: async (ids: string[]) => void log.push(`media.discard ${ids.join(',')}`),
  } as unknown as MediaUploads;
  const hashClaims = new SongHashClaims(claims as unknown as ImportClaimsRepository, songs, catalog);
  const sharedCovers = { release: async (ids: (string | null)[]) => void log.push(`covers.release ${ids.join(',')}`) } as unknown as SharedCovers;
  const albumCredits = { credit: async (credited: AlbumRecord) => credited } as unknown as AlbumCredits;
  const importer = new SongImporter(inspector, covers, albums, hashClaims, songs, store, uploads, catalog, sharedCovers, artists, albumCredits);
  return { importer, claims, model, log, catalog, hashClaims };
}

const source = { path: audioPath, fileName: '01 - Song.flac', adopt: true };

describe('SongImporter', () => {
  it('stores the audio, then the cover, then the song, and tells the read model', async () => {
    const { importer, log, model, catalog, claims, hashClaims } = setup();
    const outcome = await importer.importFile(USER, source);
    await hashClaims.flushDone();
    expect(outcome).toMatchObject({ status: 'imported', song: { name: 'Song', track: 1, audioFormat: 'flac', duration: 42 }, album: null, albumCreated: false });
    expect(log).toEqual(['store.saveFile true', 'songs.create', 'catalog.publish song']);
    expect(model.song(outcome.song.id)).not.toBeNull();
    expect(catalog.recorded).toEqual([{ kind: 'song', id: outcome.song.id }]);
    expect([...claims.rows.values()]).toEqual([expect.objectContaining({ targetId: outcome.song.id })]);
    expect([...claims.doneMarks]).toEqual([`${[...claims.rows.keys()][0]}@${outcome.song.id}`]);
  });

  it('removes everything it stored when the song cannot be written: files, the album it made, the claim', async () => {
    const { importer, log, claims } = setup({ failSongInsert: true, album: 'Made Here' });
    await expect(importer.importFile(USER, source)).rejects.toThrow('database went away');
    expect(log).toEqual(['store.saveFile true', 'album.create', 'media.discard file1', 'covers.release file2', `album.discardIfEmpty ${'b'.repeat(24)}`]);
    expect(claims.rows.size).toBe(0);
  });

  it('deletes the audio it began storing beside the parse when the parse refuses the file', async () => {
    const { importer, log, claims } = setup({ parseRefuses: true });
    const error = (await importer.importFile(USER, source).catch((caught: unknown) => caught)) as ApiException;
    expect(error.getStatus()).toBe(415);
    expect(log).toEqual(['store.saveFile true', 'media.discard file1', 'covers.release ']);
    expect(claims.rows.size).toBe(0);
  });

  it('answers 409 while the same bytes are still on their way in another request, and takes over a claim left by a crash', async () => {
    const { importer, claims } = setup();
    const key = `song/${USER}:${await sha256Of(audioPath)}`;
    claims.rows.set(key, { targetId: 'd'.repeat(24), claimedAt: new Date(), doneInDocument: false, generation: 'left' });
    const error = (await importer.importFile(USER, source).catch((caught: unknown) => caught)) as ApiException;
    expect(error.getStatus()).toBe(409);

    claims.rows.set(key, { targetId: 'd'.repeat(24), claimedAt: new Date(Date.now() - SONG_CLAIM_IN_FLIGHT_MS - 1), doneInDocument: false, generation: 'crashed' });
    expect((await importer.importFile(USER, source)).status).toBe('imported');
  });

  it('answers 409 when another upload of the same bytes is taking their stale claim over right now', async () => {
    const { importer, claims } = setup();
    const key = `song/${USER}:${await sha256Of(audioPath)}`;
    claims.rows.set(key, { targetId: 'd'.repeat(24), claimedAt: new Date(), doneInDocument: true, generation: 'deleted' });
    // The other upload holds the claim's retirement and has not moved it yet: this take-over loses, the claim unchanged.
    claims.takeOver = async () => false;
    const error = (await importer.importFile(USER, source).catch((caught: unknown) => caught)) as ApiException;
    expect(error.getStatus()).toBe(409);
  });

  it('imports bytes again once the song that had them is gone', async () => {
    const { importer, claims } = setup();
    const key = `song/${USER}:${await sha256Of(audioPath)}`;
    claims.rows.set(key, { targetId: 'd'.repeat(24), claimedAt: new Date(), doneInDocument: true, generation: 'deleted' });
    expect((await importer.importFile(USER, source)).status).toBe('imported');
  });

  it("writes the claims' done marks for many songs in one command", async () => {
    const { importer, claims, hashClaims } = setup();
    const outcomes = await Promise.all(['1', '2', '3'].map((digit) => importer.importFile(USER, { ...source, sha256: digit.repeat(64) })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['imported', 'imported', 'imported']);
    // Not yet: the marks wait for more songs, or DONE_DELAY_MS.
    expect(claims.doneMarks.size).toBe(0);
    await hashClaims.flushDone();
    expect(claims.doneBatches).toEqual([3]);
    expect(claims.doneMarks).toEqual(new Set([...claims.rows].map(([key, claim]) => `${key}@${claim.targetId}`)));
  });

  it('takes over the claim of a song deleted before its done mark was written, instead of waiting for it', async () => {
    const { importer, model, claims } = setup();
    const first = await importer.importFile(USER, { ...source, sha256: '4'.repeat(64) });
    model.deleteSong(first.song.id);
    expect([...claims.rows.values()][0]).toMatchObject({ targetId: first.song.id });
    expect(claims.doneMarks.size).toBe(0);
    const again = await importer.importFile(USER, { ...source, sha256: '4'.repeat(64) });
    expect(again.status).toBe('imported');
    expect(again.song.id).not.toBe(first.song.id);
  });

  it('answers the existing song for a duplicate before parsing anything', async () => {
    const { importer } = setup();
    const first = await importer.importFile(USER, source);
    const again = await importer.importFile(USER, { ...source, fileName: 'renamed.flac' }, { title: 'Different' });
    expect(again).toEqual({ status: 'duplicate', song: first.song });
  });

  it('refuses invalid edits before touching storage', async () => {
    const { importer, log } = setup();
    const error = (await importer.importFile(USER, source, { year: '12' }).catch((caught: unknown) => caught)) as ApiException;
    expect(error.getStatus()).toBe(400);
    expect(log).toEqual([]);
  });
});

describe('sha256Of', () => {
  it('hashes a file across several read chunks, and an empty one, as one hash of the bytes would', async () => {
    for (const size of [0, 1, 256 * 1024, 700_001]) {
      const bytes = Buffer.alloc(size, 0).map((_, index) => (index * 31 + size) % 251);
      const path = join(dir, `${size}.bin`);
      writeFileSync(path, bytes);
      expect(await sha256Of(path), `${size} bytes`).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });
});
