import type { CoverFormat } from '@tunafy/contracts';
import type { MediaFile } from './media-store.js';

/** What to send for a cover at a size. */
export type CoverAnswer =
  /** A kept derived cover, sent like any stored file (Range, HEAD), with the variant's ETag. */
  | { kind: 'stored'; file: MediaFile }
  /** Made for this request (the cover's sizes are being made in the background), from memory. */
  | { kind: 'bytes'; contentType: string; bytes: Buffer; etag: string }
  /** The picture cannot be derived (damaged, a PDF, too many pixels): the original, so a page never shows a broken image. */
  | { kind: 'original' };

/**
 * The port the files route asks for a cover at a size (docs/covers.md); the covers feature implements it
 * (CoverPipeline), as the GridFS adapter implements MediaStore, so this layer does not import the feature.
 */
export abstract class CoverSizes {
  /**
   * The cover `sourceId` at `size` in the format `choose` picks from whether it has transparency. The caller has
   * checked that the original exists and is a picture; null when it went away meanwhile.
   */
  abstract cover(sourceId: string, size: number, choose: (alpha: boolean) => CoverFormat): Promise<CoverAnswer | null>;
  /** A stored derived cover opened again (its local copy was evicted between open and send), with its ETag. */
  abstract reopen(file: MediaFile): Promise<MediaFile | null>;
}
