import { songTagsSchema, validate, type Album, type Song, type SongTagsRequest } from '@tunafy/contracts';

/**
 * The tags an owner may correct (docs/artists.md, "Correcting tags"), as the fields hold them while edited: the
 * artists one name per input, the rest as typed. Only the fields changed from where they started are sent, since the
 * API keeps a field left out as it is: a selection's fields that differ between songs start empty and stay each song's
 * own unless filled in.
 */
export interface TagValues {
  artists: string[];
  album_artist: string;
  genre: string;
  year: string;
}

export type TagField = keyof TagValues;

/** The fields a selection's songs may differ on; the album artist is only corrected one song (one album) at a time. */
export type SharedField = Exclude<TagField, 'album_artist'>;

/** One song's tags, its album's album artist when the album is known. */
export function songTagValues(song: Song, album: Album | null): TagValues {
  return {
    artists: (song.artists ?? []).map((artist) => artist.name),
    album_artist: album?.album_artist?.name ?? '',
    genre: song.genre ?? '',
    year: song.year == null ? '' : String(song.year),
  };
}

/** A selection's tags: what every song shares, and which fields differ between them (those start empty). */
export function sharedTagValues(songs: readonly Song[]): { values: TagValues; mixed: ReadonlySet<SharedField> } {
  const each = songs.map((song) => songTagValues(song, null));
  const mixed = new Set<SharedField>();
  const same = (field: SharedField) => {
    const first = JSON.stringify(each[0]?.[field]);
    const alike = each.every((values) => JSON.stringify(values[field]) === first);
    if (!alike) mixed.add(field);
    return alike;
  };
  const first = each[0] ?? { artists: [], album_artist: '', genre: '', year: '' };
  const values: TagValues = {
    artists: same('artists') ? first.artists : [],
    album_artist: '',
    genre: same('genre') ? first.genre : '',
    year: same('year') ? first.year : '',
  };
  return { values, mixed };
}

const text = (value: string) => value.trim();

/** A year as typed: empty clears it, digits are a number, anything else goes as typed for the schema to refuse with its message. */
function yearOf(value: string): number | string | null {
  const typed = value.trim();
  if (typed === '') return null;
  return /^\d+$/.test(typed) ? Number(typed) : typed;
}

/** The request's value of each field, as the API takes it. */
const REQUEST_VALUE: { [F in TagField]: (values: TagValues) => unknown } = {
  artists: (values) => values.artists.map(text),
  album_artist: (values) => text(values.album_artist) || null,
  genre: (values) => text(values.genre) || null,
  year: (values) => yearOf(values.year),
};

export type TagsCheck = { ok: true; request: SongTagsRequest; changed: boolean } | { ok: false; errors: Record<string, string> };

/**
 * The request for the `fields` offered that differ from `initial`, checked with the contracts' schema (the API checks
 * it again): messages keyed as the API keys them (`artists.1`, `genre`, `year`).
 */
export function checkTags(values: TagValues, initial: TagValues, fields: readonly TagField[]): TagsCheck {
  const request: Record<string, unknown> = {};
  for (const field of fields) {
    const value = REQUEST_VALUE[field](values);
    if (JSON.stringify(value) !== JSON.stringify(REQUEST_VALUE[field](initial))) request[field] = value;
  }
  const result = validate(songTagsSchema, request);
  return result.ok ? { ok: true, request: result.value, changed: Object.keys(request).length > 0 } : { ok: false, errors: result.errors };
}

/** The keys a message can come under for these values, in the order the fields show (the first gets focus). */
export function tagErrorKeys(values: TagValues, fields: readonly TagField[]): string[] {
  return fields.flatMap((field) => (field === 'artists' ? values.artists.map((_, index) => `artists.${index}`) : [field]));
}
