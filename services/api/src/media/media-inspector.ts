import { Injectable } from '@nestjs/common';
import { loadFileType, loadMusicMetadata } from './parsers.js';
import { claimsTooManyPixels } from './picture-header.js';

export type CoverContentType = 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf';

const COVER_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'] satisfies CoverContentType[];

/**
 * Judges uploads by their bytes, never by the name or the browser's claimed
 * type: the original app trusted the extension, so anything could be served
 * back from our origin as a "cover".
 */
@Injectable()
export class MediaInspector {
  async inspectCover(data: Buffer): Promise<{ contentType: CoverContentType } | null> {
    if (data.length === 0) return null;
    const { fileTypeFromBuffer } = await loadFileType();
    const type = await fileTypeFromBuffer(data);
    if (!type || !COVER_TYPES.includes(type.mime)) return null;
    return { contentType: type.mime as CoverContentType };
  }

  /** A picture whose header claims more pixels than a cover may have (a decompression bomb, docs/covers.md). */
  async tooManyPixels(data: Buffer, contentType: CoverContentType): Promise<boolean> {
    return contentType !== 'application/pdf' && (await claimsTooManyPixels(data));
  }

  async inspectSong(data: Buffer): Promise<{ contentType: 'audio/mpeg'; duration: number } | null> {
    if (data.length === 0) return null;
    const [{ fileTypeFromBuffer }, { parseBuffer }] = await Promise.all([loadFileType(), loadMusicMetadata()]);
    const type = await fileTypeFromBuffer(data);
    // file-type also reports MPEG-1 layer 2 as audio/mpeg; only layer 3 is an mp3.
    if (type?.mime !== 'audio/mpeg' || type.ext !== 'mp3') return null;
    let seconds: number | undefined;
    try {
      // duration: true walks every frame, so VBR files without a Xing header still get an exact length.
      seconds = (await parseBuffer(data, { mimeType: 'audio/mpeg', size: data.length }, { duration: true, skipCovers: true })).format.duration;
    } catch {
      return null;
    }
    if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
    return { contentType: 'audio/mpeg', duration: Math.max(1, Math.round(seconds)) };
  }
}
