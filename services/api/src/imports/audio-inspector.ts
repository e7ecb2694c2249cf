import { Injectable } from '@nestjs/common';
import { AUDIO_FORMAT_INFO, type AudioFormat } from '@tunafy/contracts';
import type { FileTypeResult } from 'file-type';
import type { IAudioMetadata } from 'music-metadata';
import { loadFileType, loadMusicMetadata } from '../media/parsers.js';

/** What a file's own tags say; every field may be missing. */
export interface FileTags {
  title?: string;
  album?: string;
  track?: number;
  disc?: number;
  year?: number;
  genre?: string;
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
  const type = await fileTypeFromBuffer(head).catch(() => undefined);
  if (!type) return null;
  if (type.ext === 'mp3') return 'mp3';
  if (type.ext === 'flac') return 'flac';
  if (type.ext === 'wav') return 'wav';
  if (MP4_EXTENSIONS.has(type.ext)) return 'alac';
  if (OGG_EXTENSIONS.has(type.ext)) return 'opus';
  return null;
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
    const format = formatOf(type, metadata.format.codec);
    if (!format) return { ok: false, reason: 'unsupported' };
    const seconds = metadata.format.duration;
    if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return { ok: false, reason: 'no-duration' };
    return { ok: true, format, contentType: AUDIO_FORMAT_INFO[format].contentType, duration: Math.max(1, Math.round(seconds)), tags: tagsOf(metadata, selectCover) };
  }
}

function couldBeAudio(type: FileTypeResult): boolean {
  return ['mp3', 'flac', 'wav'].includes(type.ext) || MP4_EXTENSIONS.has(type.ext) || OGG_EXTENSIONS.has(type.ext);
}

/** Which of our formats the container and codec make; null for anything a browser would not play from us (MP2, Ogg FLAC, ADPCM WAV, video...). */
function formatOf(type: FileTypeResult, codec: string | undefined): AudioFormat | null {
  const name = codec ?? '';
  switch (type.ext) {
    // file-type also reports MPEG-1 layer 2 as audio/mpeg; only layer 3 is an mp3.
    case 'mp3':
      return /layer 3/i.test(name) ? 'mp3' : null;
    case 'flac':
      return 'flac';
    case 'wav':
      return /^(PCM|IEEE[_ ]FLOAT)/i.test(name) ? 'wav' : null;
  }
  if (MP4_EXTENSIONS.has(type.ext)) {
    if (/ALAC/i.test(name)) return 'alac';
    if (/AAC/i.test(name)) return 'aac';
    return null;
  }
  if (OGG_EXTENSIONS.has(type.ext)) {
    if (/Opus/i.test(name)) return 'opus';
    if (/Vorbis/i.test(name)) return 'vorbis';
  }
  return null;
}

function tagsOf(metadata: IAudioMetadata, selectCover: (typeof import('music-metadata'))['selectCover']): FileTags {
  const { common } = metadata;
  const tags: FileTags = {};
  const title = cleanText(common.title);
  if (title) tags.title = title;
  const album = cleanText(common.album);
  if (album) tags.album = album;
  const track = positive(common.track?.no, 999);
  if (track) tags.track = track;
  const disc = positive(common.disk?.no, 99);
  if (disc) tags.disc = disc;
  const year = common.year && common.year >= 1000 && common.year <= 9999 ? common.year : undefined;
  if (year) tags.year = year;
  const genre = cleanText(common.genre?.[0]);
  if (genre) tags.genre = genre;
  const picture = selectCover(common.picture);
  if (picture && picture.data.length > 0) tags.picture = Buffer.from(picture.data);
  return tags;
}

/** Tags are user text of any origin: drop control and text-direction characters, and cut to the name limit. */
function cleanText(value: string | undefined): string | undefined {
  const text = value
    ?.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  return text || undefined;
}

function positive(value: number | null | undefined, max: number): number | undefined {
  return value && Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
}
