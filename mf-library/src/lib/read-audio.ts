import type { AudioFormat } from '@tunafy/contracts';

/** What the browser reads from one file for the review table; the server reads it again and decides. */
export interface AudioReading {
  /** null: not one of the accepted formats (by its bytes, never its name). */
  format: AudioFormat | null;
  /** Seconds, when the parse found a length. */
  duration: number | null;
  tags: { title?: string; album?: string; track?: number; disc?: number; year?: number; genre?: string };
  picture: Blob | null;
}

type Container = 'mp3' | 'flac' | 'mp4' | 'ogg' | 'wav';

/**
 * The container from the first bytes, like file-type on the server: a text
 * file named `.flac` stops here, before music-metadata guesses from its name.
 */
export function sniffContainer(head: Uint8Array): Container | null {
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

/** The same rule as the server's (services/api/src/imports/audio-inspector.ts): container and codec must agree. */
export function formatOf(container: Container, codec: string | undefined): AudioFormat | null {
  const name = codec ?? '';
  switch (container) {
    case 'mp3':
      return /layer 3/i.test(name) ? 'mp3' : null;
    case 'flac':
      return 'flac';
    case 'wav':
      return /^(PCM|IEEE[_ ]FLOAT)/i.test(name) ? 'wav' : null;
    case 'mp4':
      return /ALAC/i.test(name) ? 'alac' : /AAC/i.test(name) ? 'aac' : null;
    case 'ogg':
      return /Opus/i.test(name) ? 'opus' : /Vorbis/i.test(name) ? 'vorbis' : null;
  }
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
  const format = formatOf(container, metadata.format.codec);
  if (!format) return unsupported;
  const { common } = metadata;
  const cover = selectCover(common.picture);
  const seconds = metadata.format.duration;
  return {
    format,
    duration: seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.round(seconds)) : null,
    tags: {
      title: clean(common.title),
      album: clean(common.album),
      track: whole(common.track?.no, 999),
      disc: whole(common.disk?.no, 99),
      year: common.year && common.year >= 1000 && common.year <= 9999 ? common.year : undefined,
      genre: clean(common.genre?.[0]),
    },
    picture: cover && cover.data.length > 0 ? new Blob([cover.data as Uint8Array<ArrayBuffer>], { type: cover.format }) : null,
  };
}

/** As the server cleans tag text, so the table shows what will be stored. */
function clean(value: string | undefined): string | undefined {
  const text = value
    ?.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  return text || undefined;
}

function whole(value: number | null | undefined, max: number): number | undefined {
  return value && Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
}
