import { Injectable, Logger } from '@nestjs/common';
import { COVER_PIXELS_MESSAGE, hasExtension } from '@tunafy/contracts';
import { MediaInspector } from './media-inspector.js';
import { MediaStore, type MediaUpload, type StoredMedia } from './media-store.js';
import { UPLOAD_RULES, type UploadRule } from './upload-rules.js';

export interface FileCheckOptions {
  /** The form field the file came in; callers key the message by it. */
  field: string;
  required: boolean;
}

export type CheckedFile<U> = { ok: true; upload: U | null } | { ok: false; message: string };

/**
 * The upload rules the song, album and playlist services share: judge each
 * file (name, size, bytes), store a request's files all-or-nothing, and
 * delete files that lost their last reference.
 */
@Injectable()
export class MediaUploads {
  private readonly logger = new Logger('MediaUploads');

  constructor(
    private readonly inspector: MediaInspector,
    private readonly store: MediaStore,
  ) {}

  async checkCover(file: Express.Multer.File | undefined, options: FileCheckOptions): Promise<CheckedFile<MediaUpload>> {
    const rule = UPLOAD_RULES.image;
    const basic = this.checkBasics(file, options, rule);
    if (basic !== true) return basic;
    const inspected = await this.inspector.inspectCover(file!.buffer);
    if (!inspected) return { ok: false, message: rule.formatMessage };
    if (await this.inspector.tooManyPixels(file!.buffer, inspected.contentType)) return { ok: false, message: COVER_PIXELS_MESSAGE };
    return { ok: true, upload: { kind: 'image', contentType: inspected.contentType, fileName: file!.originalname, data: file!.buffer } };
  }

  async checkSong(file: Express.Multer.File | undefined, options: FileCheckOptions): Promise<CheckedFile<MediaUpload & { duration: number }>> {
    const rule = UPLOAD_RULES.audio;
    const basic = this.checkBasics(file, options, rule);
    if (basic !== true) return basic;
    const inspected = await this.inspector.inspectSong(file!.buffer);
    if (!inspected) return { ok: false, message: rule.formatMessage };
    return {
      ok: true,
      upload: { kind: 'audio', contentType: inspected.contentType, fileName: file!.originalname, data: file!.buffer, duration: inspected.duration },
    };
  }

  /** Stores in order; on any failure the ones already stored are deleted again, so nothing is left behind. */
  async storeAll(uploads: MediaUpload[]): Promise<StoredMedia[]> {
    const stored: StoredMedia[] = [];
    try {
      for (const upload of uploads) stored.push(await this.store.save(upload));
    } catch (error) {
      await this.discard(stored.map((media) => media.id));
      throw error;
    }
    return stored;
  }

  /** Best effort: a failure is only logged, the janitor's orphan sweep removes what is left. */
  async discard(ids: string[]): Promise<void> {
    await Promise.all(
      ids.map((id) => this.store.delete(id).catch((error: Error) => this.logger.warn(`could not delete media ${id}; the janitor will: ${error.message}`))),
    );
  }

  /** `true` when the bytes still need judging; otherwise the answer (absent optional file, or a failure). */
  private checkBasics(file: Express.Multer.File | undefined, options: FileCheckOptions, rule: UploadRule): true | CheckedFile<never> {
    if (!file) return options.required ? { ok: false, message: rule.formatMessage } : { ok: true, upload: null };
    const size = file.buffer?.length ?? file.size;
    if (size > rule.maxBytes) return { ok: false, message: rule.tooLargeMessage };
    if (size === 0 || !file.buffer || !hasExtension(file.originalname ?? '', rule.extensions)) return { ok: false, message: rule.formatMessage };
    return true;
  }
}
