import { open } from 'node:fs/promises';
import { Injectable } from '@nestjs/common';
import { AUDIO_FORMAT_INFO, audioFormatOf, tagFieldsOf, type AudioContainer, type AudioFormat, type TagFields } from '@tunafy/contracts';
import type { FileTypeResult } from 'file-type';
import type { IAudioMetadata } from 'music-metadata';
import { loudnessFromReplayGain, type TaggedLoudness } from '../persistence/loudness-values.js';
import { embeddedLyrics, type EmbeddedLyrics } from '../common/embedded-lyrics.js';
import { loadFileType, loadMusicMetadata } from '../media/parsers.js';

/** What a file's own tags say; every field may be missing. */
export interface FileTags extends TagFields {
  picture?: Buffer;
  /** From its ReplayGain tags (packed, loudness/loudness-values.ts); absent without them. */
  loudness?: TaggedLoudness;
  /** Lyrics its tags carry (USLT, SYLT, LYRICS, ©lyr), cleaned; absent without any (docs/lyrics.md). */
  lyrics?: EmbeddedLyrics;
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

/**
 * Files up to this size are read whole, in one read, and judged from memory. Parsing from disk costs a read per
 * token (10–70 per file: an MP4's atoms, an Ogg's pages, each a promise and a system call), which for the small
 * files of a big import cost more CPU than reading their bytes. Larger files are parsed from disk, as before:
 * memory stays bounded by this size per file being judged (plus an embedded picture), whatever the file's size.
 * The caller drops the bytes once parsed (SongImporter): a parse from memory does no I/O, so they die young.
 */
export const WHOLE_READ_MAX_BYTES = 1024 * 1024;

/** A file about to be judged: its size, its signature's type, and its bytes when it is small enough to hold. */
export interface AudioProbe {
  path: string;
  size: number;
  /** The whole file when it is at most WHOLE_READ_MAX_BYTES, else null (read from disk as needed). */
  data: Buffer | null;
  type: FileTypeResult | undefined;
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
   * The container alone, from the probe's signature: enough to start storing the file while it is
   * parsed. The formats that share a container share its content type (AUDIO_FORMAT_INFO), so the type stored here
   * is the one inspect() settles on whenever the file turns out to be supported.
   */
  async container(probe: AudioProbe): Promise<AudioContainerGuess | null> {
    const format = containerFormatOf(probe.type);
    return format && { contentType: AUDIO_FORMAT_INFO[format].contentType, maxBytes: AUDIO_FORMAT_INFO[format].maxBytes };
  }

  /**
   * Opens the file once: its size, its bytes if it is small (WHOLE_READ_MAX_BYTES), its signature's type. container()
   * and inspect() take the probe, so neither opens nor sniffs the file again.
   */
  async probe(path: string): Promise<AudioProbe> {
    const { fileTypeFromBuffer, fileTypeFromFile } = await loadFileType();
    const handle = await open(path);
    let size: number;
    let data: Buffer | null = null;
    try {
      size = (await handle.stat()).size;
      if (size <= WHOLE_READ_MAX_BYTES) {
        data = await handle.readFile();
        size = data.length;
      }
    } finally {
      await handle.close();
    }
    const type = await (data ? fileTypeFromBuffer(data) : fileTypeFromFile(path)).catch(() => undefined);
    return { path, size, data, type };
  }

  async inspect(probe: AudioProbe): Promise<AudioInspection> {
    const { parseBuffer, parseFile, selectCover } = await loadMusicMetadata();
    const { type, data } = probe;
    if (!type || !couldBeAudio(type)) return { ok: false, reason: 'unsupported' };
    let metadata: IAudioMetadata;
    try {
      // duration: true walks every mp3 frame, so VBR files without a Xing header still get their real length. From
      // memory, without a type hint: the parser picks its format by the bytes, as for a spool (whose name has no extension).
      metadata = data ? await parseBuffer(data, { size: data.length }, { duration: true }) : await parseFile(probe.path, { duration: true });
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

/**
 * The tags alone of a stored file (`npm run rescan`): no duration walk and no pictures, read with random access from
 * disk, so memory stays bounded and a file costs a few reads. Null when the file cannot be parsed.
 */
export async function readFileTags(path: string): Promise<FileTags | null> {
  const { parseFile } = await loadMusicMetadata();
  try {
    const metadata = await parseFile(path, { duration: false, skipCovers: true });
    const tags: FileTags = tagFieldsOf(metadata.common, metadata.native);
    const lyrics = embeddedLyrics(metadata.native);
    if (lyrics.lyrics || lyrics.problem) tags.lyrics = lyrics;
    return tags;
  } catch {
    return null;
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
  const tags: FileTags = tagFieldsOf(metadata.common, metadata.native);
  const loudness = loudnessFromReplayGain(metadata.common);
  if (loudness.track !== undefined || loudness.album !== undefined) tags.loudness = loudness;
  const lyrics = embeddedLyrics(metadata.native);
  if (lyrics.lyrics || lyrics.problem) tags.lyrics = lyrics;
  const picture = selectCover(metadata.common.picture);
  if (picture && picture.data.length > 0) tags.picture = Buffer.from(picture.data);
  return tags;
}


