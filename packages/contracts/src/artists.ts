import { z } from 'zod';
import { HIDDEN_CHARACTERS } from './library.js';
import type { Album, Paged, Song } from './library.js';

/**
 * Credited artists (docs/artists.md): the instance-wide artists that tags name, what people see and browse. Not to be
 * confused with SPEC's `artist_id`, the account that owns a song or album and decides every owner rule.
 */
export const ARTIST_LIMITS = {
  /** Characters of one artist's name; a longer tag value is cut (at a character boundary), never refused. */
  nameMax: 200,
  /** Credited artists of one song; a tag naming more keeps the first ones. */
  creditsMax: 20,
  /** Characters of a genre. */
  genreMax: 100,
} as const;

/** The name "Various Artists": the album artist of a compilation whose tags name none. */
export const VARIOUS_ARTISTS = 'Various Artists';

/**
 * A tag's artist name as stored: hidden characters dropped, runs of white space one space, trimmed, cut to
 * ARTIST_LIMITS.nameMax characters. Empty when nothing is left (then it names no artist).
 */
export function cleanArtistName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(new RegExp(HIDDEN_CHARACTERS.source, 'gu'), '')
    .replace(/\s+/gu, ' ')
    .trim();
  return [...cleaned].slice(0, ARTIST_LIMITS.nameMax).join('').trim();
}

/**
 * What makes two spellings one artist: case, accents and spacing ignored ("Björk", "bjork " and "BJÖRK" are one;
 * the first spelling stored is the one shown). Also the key artists sort and are filtered by letter on.
 */
export function artistKey(name: string): string {
  return cleanArtistName(name)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** The A–Z index an artist is listed under: its sort key's first letter, or '#' for anything else. */
export function artistLetter(sortKey: string): string {
  const first = sortKey.charAt(0).toUpperCase();
  return first >= 'A' && first <= 'Z' ? first : '#';
}

/** A song's or album's credited artist as lists show it: a link to its page. */
export interface ArtistRef {
  id: string;
  name: string;
}

/** One artist of the A–Z list. */
export interface Artist extends ArtistRef {
  /** How the list sorts it ("Beatles, The"); the name when the tags give none. */
  sort_name: string;
  /** The MusicBrainz artist id when a tag carried it. */
  musicbrainz_id: string | null;
  /** Songs that credit the artist. */
  song_count: number;
  /** Albums whose album artist it is. */
  album_count: number;
  /** A cover of one of its albums (or songs), the artist's picture until artists have their own. */
  picture_url: string | null;
}

export const artistsQuerySchema = z.object({
  /** One letter A–Z, or '#' for names that start with anything else. */
  letter: z
    .string()
    .trim()
    .regex(/^([A-Za-z]|#)$/, 'Use one letter A–Z, or # for the rest.')
    .transform((letter) => letter.toUpperCase())
    .optional(),
});
export type ArtistsQuery = z.infer<typeof artistsQuerySchema>;

export interface ArtistsResponse extends Paged {
  artists: Artist[];
}

/** GET /api/artists/:id: the header, its albums newest first, its most played songs, and albums it appears on. */
export interface ArtistDetail {
  artist: Artist;
  /**
   * Albums whose album artist it is, newest year first (albums without a year last, newest made first): at most
   * ARTIST_PAGE_ALBUMS; `artist.album_count` says how many there are.
   */
  albums: Album[];
  /** Its songs by plays, most first (at most ARTIST_TOP_SONGS). */
  top_songs: Song[];
  /** Other artists' albums (compilations included) with a song that credits it, newest made first: at most ARTIST_PAGE_ALBUMS. */
  appears_on: Album[];
}

/** Songs in an artist's Popular list. */
export const ARTIST_TOP_SONGS = 10;
/** Albums (and appears-on albums) an artist page answers at most: a box-set artist may have hundreds. */
export const ARTIST_PAGE_ALBUMS = 50;

export interface Genre {
  name: string;
  song_count: number;
}

export interface GenresResponse {
  genres: Genre[];
}

/** A genre's songs (GET /api/genres/:name/songs), paged like the lists. */
export interface GenreSongsResponse extends Paged {
  genre: string;
  songs: Song[];
}

/** POST /api/admin/rescan's body: `restart` starts over instead of going on from where a stopped run was. */
export const rescanRequestSchema = z.object({ restart: z.boolean().optional() });
export type RescanRequest = z.infer<typeof rescanRequestSchema>;

/**
 * POST/GET /api/admin/rescan (accounts in ADMIN_EMAILS only): the rescan that gives songs imported before artists
 * their credits (docs/artists.md, "Existing libraries"), as this API process runs it.
 */
export interface RescanStatus {
  running: boolean;
  total: number;
  done: number;
  credited: number;
  untagged: number;
  unreadable: number;
  already_credited: number;
  /** Null when this process has not run one. */
  started_at: string | null;
}

/** A corrected text tag: null clears it (JSON sends null, never an empty string to mean it). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((text) => !HIDDEN_CHARACTERS.test(text), 'Remove the hidden characters.')
    .nullable()
    .optional();

/**
 * What the owner of a song may correct of its tags (docs/artists.md, "Correcting tags"); a field left out stays as it
 * is, null (or an empty list) clears it. `album_artist` applies to the song's album, which is the owner's too.
 */
export const songTagsSchema = z.object({
  artists: z
    .array(z.string().trim().min(1, 'An artist’s name cannot be empty.').max(ARTIST_LIMITS.nameMax, `At most ${ARTIST_LIMITS.nameMax} characters.`))
    .max(ARTIST_LIMITS.creditsMax, `At most ${ARTIST_LIMITS.creditsMax} artists.`)
    .optional(),
  album_artist: optionalText(ARTIST_LIMITS.nameMax, `At most ${ARTIST_LIMITS.nameMax} characters.`),
  genre: optionalText(ARTIST_LIMITS.genreMax, `At most ${ARTIST_LIMITS.genreMax} characters.`),
  year: z.number({ error: 'Use a year from 1000 to 9999.' }).int('Use a year from 1000 to 9999.').min(1000, 'Use a year from 1000 to 9999.').max(9999, 'Use a year from 1000 to 9999.').nullable().optional(),
});
export type SongTagsRequest = z.infer<typeof songTagsSchema>;

/** The same corrections for several of the owner's songs at once (a multi-selection). */
export const songsTagsSchema = songTagsSchema.extend({
  song_ids: z.array(z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id.')).min(1, 'Choose at least one song.').max(500, 'At most 500 songs at once.'),
});
export type SongsTagsRequest = z.infer<typeof songsTagsSchema>;

/** The answer to a bulk correction: every song as it is now. */
export interface SongsTagsResponse {
  songs: Song[];
}
