import { readFile } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { LIMITS } from '@tunafy/contracts';
import { MediaInspector } from '../media/media-inspector.js';
import { MediaStore, type MediaUpload } from '../media/media-store.js';
import { renderCover } from '../seed/media/render-cover.js';

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
 * Each record gets its own stored copy (songs and albums delete their cover
 * file when they go, so a shared file would break the other's image).
 */
@Injectable()
export class CoverArt {
  constructor(
    private readonly inspector: MediaInspector,
    private readonly store: MediaStore,
  ) {}

  async choose(candidates: CoverCandidates, fileName: string): Promise<{ upload: MediaUpload; source: CoverSource }> {
    const embedded = await this.picture(candidates.embedded, `${fileName}.cover`);
    if (embedded) return { upload: embedded, source: 'embedded' };
    const sidecar = await this.picture(candidates.sidecar?.data, candidates.sidecar?.fileName ?? 'cover');
    if (sidecar) return { upload: sidecar, source: 'sidecar' };
    if (candidates.albumCoverFileId) {
      const album = await this.copyOf(candidates.albumCoverFileId);
      if (album) return { upload: album, source: 'album' };
    }
    return { upload: generatedCover(candidates.seedText), source: 'generated' };
  }

  private async picture(data: Buffer | undefined, fileName: string): Promise<MediaUpload | null> {
    if (!data || data.length === 0 || data.length > LIMITS.coverBytesMax) return null;
    const inspected = await this.inspector.inspectCover(data);
    if (!inspected || !inspected.contentType.startsWith('image/')) return null;
    return { kind: 'image', contentType: inspected.contentType, fileName, data };
  }

  private async copyOf(fileId: string): Promise<MediaUpload | null> {
    const file = await this.store.open(fileId).catch(() => null);
    if (!file || file.kind !== 'image' || file.length > LIMITS.coverBytesMax) return null;
    const data = await readFile(file.path).catch(() => null);
    return data ? { kind: 'image', contentType: file.contentType, fileName: 'album-cover', data } : null;
  }
}

export function generatedCover(seedText: string): MediaUpload {
  return { kind: 'image', contentType: 'image/png', fileName: 'generated-cover.png', data: renderCover({ seed: 13, title: seedText.toLowerCase(), size: GENERATED_SIZE }) };
}
