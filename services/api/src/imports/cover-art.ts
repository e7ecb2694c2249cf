import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { LIMITS } from '@tunafy/contracts';
import { LRUCache } from 'lru-cache';
import { MediaInspector } from '../media/media-inspector.js';
import { MediaStore, type MediaUpload } from '../media/media-store.js';
import { SharedCovers } from '../media/shared-covers.js';
import { renderCover } from '../media/synth/render-cover.js';

export type CoverSource = 'embedded' | 'sidecar' | 'album' | 'generated';

export interface CoverCandidates {
  /** The picture embedded in the audio file's tags. */
  embedded?: Buffer;
  /** A `cover.jpg`/`folder.jpg` beside the file (folder import) or sent with it (upload). */
  sidecar?: { data: Buffer; fileName: string };
  /** The cover of the album the song joins, when it already exists. */
  albumCoverFileId?: string;
  /** What a generated cover is drawn from: the album name, else the title, so one album's songs look alike. */
  seedText: string;
}

/** Size of generated covers: plenty for every place a cover is shown, ~40 KB as PNG. */
const GENERATED_SIZE = 300;

/**
 * Picks the cover a bulk-uploaded song gets, so no song ever shows a broken
 * image: its embedded picture, else the picture beside it, else its album's
 * cover, else a generated one (the demo catalog's abstract-art renderer,
 * seeded by the album name so an album's untagged songs share one look).
 * Pictures are judged by their bytes like every other cover; one that is not
 * a JPEG, PNG or GIF (a BMP or WebP inside a tag) is skipped, not an error.
 *
 * Records share one file per picture (SharedCovers): an album's songs that
 * embed the album's art, or join an album whose cover they take, use the
 * album's file, and the last record to let it go deletes it.
 */
@Injectable()
export class CoverArt {
  constructor(
    private readonly inspector: MediaInspector,
    private readonly store: MediaStore,
    private readonly shared: SharedCovers,
  ) {}

  /**
   * Chooses the cover (as choose() does) and answers the file that holds it, given to the song about to reference
   * it (SharedCovers.release gives it back): the album's cover file when the picture is the album's (or the song has
   * none of its own), a file of the owner's holding the same picture, else a new file.
   */
  async fileFor(owner: string, candidates: CoverCandidates, fileName: string): Promise<{ fileId: string; source: CoverSource }> {
    const albumCover = candidates.albumCoverFileId;
    const own = await this.ownPicture(candidates, fileName);
    if (own) return { fileId: await this.shared.use(owner, own.upload, albumCover), source: own.source };
    if (albumCover) {
      if (await this.shared.acquire(owner, albumCover)) return { fileId: albumCover, source: 'album' };
      // Not shared (made with the album form) or being deleted: the song gets its own copy, as before sharing.
      const copy = await this.copyOf(albumCover);
      if (copy) return { fileId: await this.shared.use(owner, copy), source: 'album' };
    }
    return { fileId: await this.shared.use(owner, generatedCover(candidates.seedText), albumCover), source: 'generated' };
  }

  async choose(candidates: CoverCandidates, fileName: string): Promise<{ upload: MediaUpload; source: CoverSource }> {
    const own = await this.ownPicture(candidates, fileName);
    if (own) return own;
    if (candidates.albumCoverFileId) {
      const album = await this.copyOf(candidates.albumCoverFileId);
      if (album) return { upload: album, source: 'album' };
    }
    return { upload: generatedCover(candidates.seedText), source: 'generated' };
  }

  /** The song's own picture: embedded in the file, else beside it. */
  private async ownPicture(candidates: CoverCandidates, fileName: string): Promise<{ upload: MediaUpload; source: CoverSource } | null> {
    return (await this.picture(candidates.embedded, `${fileName}.cover`, 'embedded')) ?? (await this.picture(candidates.sidecar?.data, candidates.sidecar?.fileName ?? 'cover', 'sidecar'));
  }

  private async picture(data: Buffer | undefined, fileName: string, source: 'embedded' | 'sidecar'): Promise<{ upload: MediaUpload; source: CoverSource } | null> {
    if (!data || data.length === 0 || data.length > LIMITS.coverBytesMax) return null;
    const inspected = await this.inspector.inspectCover(data);
    // A decompression bomb in a tag is skipped like any picture we cannot use.
    if (!inspected || !inspected.contentType.startsWith('image/') || (await this.inspector.tooManyPixels(data, inspected.contentType))) return null;
    return { upload: { kind: 'image', contentType: inspected.contentType, fileName, data }, source };
  }

  private async copyOf(fileId: string): Promise<MediaUpload | null> {
    const file = await this.store.open(fileId).catch(() => null);
    if (!file || file.kind !== 'image' || file.length > LIMITS.coverBytesMax) return null;
    const data = await readFile(file.path).catch(() => null);
    return data ? { kind: 'image', contentType: file.contentType, fileName: 'album-cover', data } : null;
  }
}

/** Covers drawn lately, by seed text: an album's untagged songs get the same picture, drawn once (about 45 ms each). */
const drawn = new LRUCache<string, Buffer>({ max: 32 });

export function generatedCover(seedText: string): MediaUpload {
  const title = seedText.toLowerCase();
  let data = drawn.get(title);
  if (!data) {
    data = renderCover({ seed: 13, title, size: GENERATED_SIZE });
    drawn.set(title, data);
  }
  return { kind: 'image', contentType: 'image/png', fileName: 'generated-cover.png', data };
}
