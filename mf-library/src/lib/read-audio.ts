import { audioFormatOf, tagFieldsOf, type AudioContainer, type AudioFormat, type TagFields } from '@tunafy/contracts';

/** What the browser reads from one file for the review table; the server reads it again and decides. */
export interface AudioReading {
  /** null: not one of the accepted formats (by its bytes, never its name). */
  format: AudioFormat | null;
  /** Seconds, when the parse found a length. */
  duration: number | null;
  tags: TagFields;
  picture: Blob | null;
}

/**
 * The container from the first bytes, like file-type on the server: a text
 * file named `.flac` stops here, before music-metadata guesses from its name.
 */
export function sniffContainer(head: Uint8Array): AudioContainer | null {
  const ascii = (at: number, text: string) => [...text].every((char, i) => head[at + i] === char.charCodeAt(0));
  if (ascii(0, 'fLaC')) return 'flac';
  if (ascii(0, 'OggS')) return 'ogg';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'wav';
  if (ascii(4, 'ftyp')) return 'mp4';
  let at = 0;
  // An ID3v2 tag (its size is four 7-bit bytes) comes before the first mp3 frame; a large picture may hide the frame from `head`.
  if (ascii(0, 'ID3') && head.length >= 10) {
    at = 10 + ((head[6]! & 0x7f) << 21) + ((head[7]! & 0x7f) << 14) + ((head[8]! & 0x7f) << 7) + (head[9]! & 0x7f);
    if (at + 2 > head.length) return 'mp3';
  }
  // MPEG audio frame sync: 11 set bits; layer bits 01 is layer 3 (layer 2 is refused after the parse).
  if (head[at] === 0xff && (head[at + 1]! & 0xe0) === 0xe0) return 'mp3';
  return null;
}


const HEAD_BYTES = 64 * 1024;

/**
 * Sniffs and parses one file. music-metadata is loaded on first use (its own
 * chunk, about 60 kB gzip), so no other screen pays for it; it reads the blob
 * with random access, so a 250 MB FLAC is not read whole.
 */
export async function readAudio(file: File): Promise<AudioReading> {
  const unsupported: AudioReading = { format: null, duration: null, tags: {}, picture: null };
  const container = sniffContainer(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  if (!container) return unsupported;
  const { parseBlob, selectCover } = await import('music-metadata');
  let metadata;
  try {
    metadata = await parseBlob(file, { duration: false });
  } catch {
    return unsupported;
  }
  const format = audioFormatOf(container, metadata.format.codec);
  if (!format) return unsupported;
  const { common } = metadata;
  const cover = selectCover(common.picture);
  const seconds = metadata.format.duration;
  return {
    format,
    duration: seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.round(seconds)) : null,
    tags: tagFieldsOf(common, metadata.native),
    picture: cover && cover.data.length > 0 ? new Blob([cover.data as Uint8Array<ArrayBuffer>], { type: cover.format }) : null,
  };
}
