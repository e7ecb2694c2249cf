import { Injectable } from '@nestjs/common';
import { AUDIO_FORMAT_INFO, audioFormatOf, tagFieldsOf, type AudioContainer, type AudioFormat, type TagFields } from '@tunafy/contracts';
import type { FileTypeResult } from 'file-type';
import type { IAudioMetadata } from 'music-metadata';
import { loadFileType, loadMusicMetadata } from '../media/parsers.js';

/** What a file's own tags say; every field may be missing. */
export interface FileTags extends TagFields {
  picture?: Buffer;
}

export type AudioInspection =
  | { ok: true; format: AudioFormat; contentType: string; duration: number; tags: FileTags }
  | { ok: false; reason: 'unsupported' | 'no-duration' };

/** Containers file-type names by extension, for formats whose codec decides what we have. */
const MP4_EXTENSIONS = new Set(['m4a', 'mp4', 'm4b', 'mov', 'm4v']);
const OGG_EXTENSIONS = new Set(['ogg', 'oga', 'opus', 'ogv', 'ogx']);

/**
 * The container alone, from the first bytes: enough to apply a format's size
 * limit while an upload is still arriving. MP4 and Ogg hold more than one of
 * our formats, so they answer the larger limit of the two.
 */
export async function sniffContainer(head: Uint8Array): Promise<AudioFormat | null> {
  const { fileTypeFromBuffer } = await loadFileType();
  return containerFormatOf(await fileTypeFromBuffer(head).catch(() => undefined));
}

function containerFormatOf(type: FileTypeResult | undefined): AudioFormat | null {
  if (!type) return null;
  if (type.ext === 'mp3') return 'mp3';
  if (type.ext === 'flac') return 'flac';
  if (type.ext === 'wav') return 'wav';
  if (MP4_EXTENSIONS.has(type.ext)) return 'alac';
  if (OGG_EXTENSIONS.has(type.ext)) return 'opus';
  return null;
}

/** What a file's first bytes tell before it is parsed: the content type it is stored with, and the largest size any format of its container may have. */
export interface AudioContainerGuess {
  contentType: string;
  maxBytes: number;
}

/**
 * Judges an audio file of the bulk upload and the folder import by its bytes:
 * the container from its signature (file-type), the codec, real duration and
 * tags from parsing it (music-metadata). Reads the file from disk with random
 * access, so memory does not grow with its size; only an embedded picture is
 * held. The single-song form keeps its own mp3-only check (MediaInspector).
 */
@Injectable()
export class AudioInspector {
  /**
   * The container alone, from the file's signature (one small read): enough to start storing the file while it is
   * parsed. The formats that share a container share its content type (AUDIO_FORMAT_INFO), so the type stored here
   * is the one inspect() settles on whenever the file turns out to be supported.
   */
  async container(path: string): Promise<AudioContainerGuess | null> {
    const { fileTypeFromFile } = await loadFileType();
    const format = containerFormatOf(await fileTypeFromFile(path).catch(() => undefined));
    return format && { contentType: AUDIO_FORMAT_INFO[format].contentType, maxBytes: AUDIO_FORMAT_INFO[format].maxBytes };
  }

  async inspect(path: string): Promise<AudioInspection> {
    const [{ fileTypeFromFile }, { parseFile, selectCover }] = await Promise.all([loadFileType(), loadMusicMetadata()]);
    const type = await fileTypeFromFile(path).catch(() => undefined);
    if (!type || !couldBeAudio(type)) return { ok: false, reason: 'unsupported' };
    let metadata: IAudioMetadata;
    try {
      // duration: true walks every mp3 frame, so VBR files without a Xing header still get their real length.
      metadata = await parseFile(path, { duration: true });
    } catch {
      return { ok: false, reason: 'unsupported' };
    }
    const container = containerOf(type);
    const format = container && audioFormatOf(container, metadata.format.codec);
    if (!format) return { ok: false, reason: 'unsupported' };
    const seconds = metadata.format.duration;
    if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return { ok: false, reason: 'no-duration' };
    return { ok: true, format, contentType: AUDIO_FORMAT_INFO[format].contentType, duration: Math.max(1, Math.round(seconds)), tags: tagsOf(metadata, selectCover) };
  }
}

function couldBeAudio(type: FileTypeResult): boolean {
  return ['mp3', 'flac', 'wav'].includes(type.ext) || MP4_EXTENSIONS.has(type.ext) || OGG_EXTENSIONS.has(type.ext);
}

/** The container file-type found, as the format rule names it. */
function containerOf(type: FileTypeResult): AudioContainer | null {
  if (type.ext === 'mp3' || type.ext === 'flac' || type.ext === 'wav') return type.ext;
  if (MP4_EXTENSIONS.has(type.ext)) return 'mp4';
  if (OGG_EXTENSIONS.has(type.ext)) return 'ogg';
  return null;
}

function tagsOf(metadata: IAudioMetadata, selectCover: (typeof import('music-metadata'))['selectCover']): FileTags {
  const tags: FileTags = tagFieldsOf(metadata.common);
  const picture = selectCover(metadata.common.picture);
  if (picture && picture.data.length > 0) tags.picture = Buffer.from(picture.data);
  return tags;
}


