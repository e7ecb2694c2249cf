import { z } from 'zod';
import { HIDDEN_CHARACTERS, nameSchema, type Album, type Song } from './library.js';
import { ARTIST_LIMITS, artistKey, cleanArtistName } from './artists.js';
import { IMPORT_MESSAGES, type AudioFormat } from './audio-formats.js';
import { LIMITS, MESSAGES } from './messages.js';

/** Multipart sends text: an empty field clears the value, a missing one leaves the tag's. */
function optionalNumber(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (value === '' || value === 'null' ? null : typeof value === 'string' ? Number(value.trim()) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().optional(),
  );
}

// A title follows the rule of every name a user gives.
const title = nameSchema;

/**
 * What the review table may change before a file is stored. Every field is
 * optional: left out, the server takes it from the file's tags (then its
 * name); sent empty, `album`, `track`, `disc`, `year` and `genre` are cleared.
 */
export const importFieldsSchema = z.object({
  title: title.optional(),
  album: z.preprocess((value) => (value === '' ? null : value), title.nullable().optional()),
  track: optionalNumber(1, 999, IMPORT_MESSAGES.trackInvalid),
  disc: optionalNumber(1, 99, IMPORT_MESSAGES.discInvalid),
  year: optionalNumber(1000, 9999, IMPORT_MESSAGES.yearInvalid),
  genre: z.preprocess(
    (value) => (value === '' ? null : value),
    z.string().trim().max(100, IMPORT_MESSAGES.genreTooLong).refine((text) => !HIDDEN_CHARACTERS.test(text), MESSAGES.nameHiddenCharacters).nullable().optional(),
  ),
});
export type ImportFields = z.infer<typeof importFieldsSchema>;

/** The fields a stored song ends up with, after edits, tags and the file name. */
export interface ImportedTags {
  title: string;
  album: string | null;
  track: number | null;
  disc: number | null;
  year: number | null;
  genre: string | null;
}

/** POST /api/uploads/songs: 201 with the new song, or 200 when the same bytes are already one of the user's songs. */
export type ImportResponse =
  | {
      status: 'imported';
      song: Song;
      album: Album | null;
      album_created: boolean;
      cover: 'embedded' | 'sidecar' | 'album' | 'generated';
      /** Where the song's lyrics came from (`lrc`: the `.lrc` sent with it), null when none were kept. Always sent. */
      lyrics?: 'embedded' | 'lrc' | null;
      /** What was dropped without failing the song (lyrics that could not be read). Always sent; empty when none. */
      warnings?: string[];
    }
  | { status: 'duplicate'; song: Song };

/** POST /api/uploads/check: which of these files (by the SHA-256 of their bytes) the user already has. */
export const importCheckSchema = z.object({
  sha256: z.array(z.string().regex(/^[0-9a-f]{64}$/i, 'Invalid SHA-256.')).min(1).max(1000),
});
export type ImportCheckRequest = z.infer<typeof importCheckSchema>;
export interface ImportCheckResponse {
  /** Hash (lower case) to the id of the song that already holds those bytes; hashes not listed are new. */
  duplicates: Record<string, string>;
}

/**
 * Defaults from a file name when tags are missing: `03 - Title.flac`,
 * `1-03 Title.mp3` (disc 1, track 3), `03. Title.ogg`, or just `Title.wav`.
 * Shared so the review table shows what the server will store.
 */
export function tagsFromFileName(fileName: string): { title: string; track: number | null; disc: number | null } {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  const match = /^(?:(\d{1,2})[-.](?=\d))?(\d{1,3})(?:\s*[-–—.)]\s*|\s+)(\S.*)$/u.exec(stem);
  if (match) {
    const disc = match[1] ? Number(match[1]) : null;
    return { title: match[3]!.trim().slice(0, LIMITS.nameMax), track: Number(match[2]) || null, disc: disc || null };
  }
  return { title: (stem || base || 'Untitled').slice(0, LIMITS.nameMax), track: null, disc: null };
}

/** Audio containers as both sides tell them apart: the server by file-type's answer, the browser by the first bytes. */
export type AudioContainer = 'mp3' | 'flac' | 'mp4' | 'ogg' | 'wav';

/**
 * Which of our formats a container and its codec (music-metadata's `format.codec`) make; null for anything a
 * browser would not play from us (MPEG layer 2, FLAC in Ogg, ADPCM WAV, video...). One rule for the server's
 * decision and the review table's preview.
 */
export function audioFormatOf(container: AudioContainer, codec: string | undefined): AudioFormat | null {
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

/** The part of a parsed file's tags Tunafy reads (music-metadata's `common`, by shape). */
export interface ParsedCommonTags {
  title?: string;
  album?: string;
  track?: { no: number | null };
  disk?: { no: number | null };
  year?: number;
  genre?: string[];
  artist?: string;
  artists?: string[];
  albumartist?: string;
  artistsort?: string;
  albumartistsort?: string;
  compilation?: boolean;
  musicbrainz_artistid?: string[];
  musicbrainz_albumartistid?: string[];
}

/** A parsed file's native tags (music-metadata's `native`, by shape): which tag formats it has, and their frames. */
export type ParsedNativeTags = Record<string, { id: string; value: unknown }[]>;

/** A file's tag fields after cleaning; absent when the file has none usable. */
export interface TagFields {
  title?: string;
  album?: string;
  track?: number;
  disc?: number;
  year?: number;
  genre?: string;
  /** Credited artists in tag order (see creditsFromTags); absent when the file names none. */
  artists?: string[];
  albumArtist?: string;
  /** The artist's sort name; only kept when the song credits one artist (a sort tag sorts the whole credit). */
  artistSort?: string;
  albumArtistSort?: string;
  compilation?: boolean;
  /** MusicBrainz ids aligned with `artists`, when the tags give one per artist. */
  artistMbids?: string[];
  albumArtistMbid?: string;
}

/**
 * What a file's tags give, cleaned the same way on the server (what is stored) and in the review table (what
 * it shows): tags are user text of any origin, so control and text-direction characters go, spaces collapse,
 * text is cut to the name limit; numbers outside their range are dropped.
 */
export function tagFieldsOf(common: ParsedCommonTags, native?: ParsedNativeTags): TagFields {
  const fields: TagFields = {};
  const title = cleanTagText(common.title);
  if (title) fields.title = title;
  const album = cleanTagText(common.album);
  if (album) fields.album = album;
  const track = wholeInRange(common.track?.no, 999);
  if (track) fields.track = track;
  const disc = wholeInRange(common.disk?.no, 99);
  if (disc) fields.disc = disc;
  if (common.year && common.year >= 1000 && common.year <= 9999) fields.year = common.year;
  const genre = cleanTagText(common.genre?.[0]);
  if (genre) fields.genre = genre;
  return Object.assign(fields, creditsFromTags(common, native));
}

/** ID3 versions whose text frames a '/' may split (music-metadata splits TPE1 "AC/DC" into "AC" and "DC"). */
const SLASH_SPLIT_ID3 = ['ID3v2.3', 'ID3v2.2'];

/**
 * Who a file credits (docs/artists.md). Names are split only where the tags themselves hold separate values: repeated
 * Vorbis comments (FLAC, Ogg, Opus), ID3v2.4's null-separated values, MP4's multiple values, an ARTISTS tag. Never on
 * "&", "feat." or ",". In ID3v2.3 and v2.2 a '/' may be the spec's separator or part of a name ("AC/DC"), so each
 * frame there is one name: several artists need an ARTISTS tag or ID3v2.4. At most ARTIST_LIMITS.creditsMax credits,
 * each cleaned and cut by cleanArtistName; the same artist twice (by artistKey) counts once.
 */
export function creditsFromTags(common: ParsedCommonTags, native: ParsedNativeTags = {}): Pick<TagFields, 'artists' | 'albumArtist' | 'artistSort' | 'albumArtistSort' | 'compilation' | 'artistMbids' | 'albumArtistMbid'> {
  const id3 = SLASH_SPLIT_ID3.map((version) => native[version]).find((frames) => frames?.some((frame) => frame.id === 'TPE1' || frame.id === 'TP1'));
  const joinedFrame = (ids: string[]) => {
    const values = id3?.filter((frame) => ids.includes(frame.id)).map((frame) => String(frame.value));
    return values && values.length > 0 ? values.join('/') : undefined;
  };
  const slashJoined = joinedFrame(['TPE1', 'TP1']);
  const names = slashJoined !== undefined ? [slashJoined] : common.artists?.length ? common.artists : common.artist ? [common.artist] : [];
  const credits: { name: string; mbid?: string }[] = [];
  const seen = new Set<string>();
  names.forEach((raw, index) => {
    const name = cleanArtistName(raw);
    const key = artistKey(name);
    if (!name || seen.has(key) || credits.length >= ARTIST_LIMITS.creditsMax) return;
    seen.add(key);
    const mbid = names.length === common.musicbrainz_artistid?.length ? cleanMbid(common.musicbrainz_artistid[index]) : undefined;
    credits.push(mbid ? { name, mbid } : { name });
  });
  const result: ReturnType<typeof creditsFromTags> = {};
  if (credits.length > 0) {
    result.artists = credits.map((credit) => credit.name);
    if (credits.some((credit) => credit.mbid)) result.artistMbids = credits.map((credit) => credit.mbid ?? '');
    const sort = credits.length === 1 && common.artistsort ? cleanArtistName(common.artistsort) : '';
    if (sort) result.artistSort = sort;
  }
  const albumArtist = cleanArtistName(joinedFrame(['TPE2', 'TP2']) ?? common.albumartist ?? '');
  if (albumArtist) {
    result.albumArtist = albumArtist;
    const sort = common.albumartistsort ? cleanArtistName(common.albumartistsort) : '';
    if (sort) result.albumArtistSort = sort;
    const mbid = common.musicbrainz_albumartistid?.length === 1 ? cleanMbid(common.musicbrainz_albumartistid[0]) : undefined;
    if (mbid) result.albumArtistMbid = mbid;
  }
  if (common.compilation === true) result.compilation = true;
  return result;
}

function cleanMbid(value: string | undefined): string | undefined {
  const text = value?.trim().toLowerCase();
  return text && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text) ? text : undefined;
}

function cleanTagText(value: string | undefined): string | undefined {
  const text = value
    ?.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, LIMITS.nameMax)
    .trim();
  return text || undefined;
}

function wholeInRange(value: number | null | undefined, max: number): number | undefined {
  return value && Number.isInteger(value) && value >= 1 && value <= max ? value : undefined;
}

/** How album names are compared when matching an album the uploader owns: case, spacing and Unicode form ignored. */
export function albumKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
