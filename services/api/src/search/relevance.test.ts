import { describe, expect, it } from 'vitest';
import type { SearchHits, TopHit } from '../catalog/catalog-model.js';
import { relevanceCatalog } from './relevance-catalog.js';

/**
 * The relevance set (issue 30, docs/search.md): queries people type (typos, punctuation, partial words, artist
 * names, ambiguous words) over a fixed catalog, each with the top result it must give and names each group must
 * hold. A failing line here is a ranking change to look at, not a test to loosen.
 */
interface Expected {
  /** "kind:name", or null for no top result. */
  top: string | null;
  songs?: string[];
  artists?: string[];
  albums?: string[];
  playlists?: string[];
  users?: string[];
  genres?: string[];
  /** Groups that must be empty. */
  none?: (keyof Omit<Expected, 'top' | 'none'>)[];
}

const CASES: [string, Expected][] = [
  // Artist names, exact and partial
  ['radiohead', { top: 'artist:Radiohead', songs: ['Creep', 'Karma Police'], playlists: ['Radiohead Essentials'] }],
  ['radio', { top: 'artist:Radiohead', artists: ['Radiohead'], playlists: ['Radiohead Essentials'] }],
  ['bjork', { top: 'artist:Björk', songs: ['Jóga', 'Army of Me'], users: ['björk.lover'] }],
  ['Björk', { top: 'artist:Björk', artists: ['Björk'] }],
  ['sigur ros', { top: 'artist:Sigur Rós', songs: ['Hoppípolla'] }],
  ['beyonce', { top: 'artist:Beyoncé', songs: ['Crazy in Love', 'Formation'] }],
  ['daft punk', { top: 'artist:Daft Punk', songs: ['One More Time'] }],
  ['portis', { top: 'artist:Portishead', songs: ['Glory Box'] }],
  ['massive', { top: 'artist:Massive Attack', songs: ['Teardrop'] }],
  ['the beatles', { top: 'artist:The Beatles', songs: ['Here Comes the Sun', 'Yesterday'] }],
  ['beatles', { top: 'artist:The Beatles', artists: ['The Beatles'] }],
  ['motley crue', { top: 'artist:Mötley Crüe', songs: ['Kickstart My Heart'] }],
  ['aphex', { top: 'artist:Aphex Twin', songs: ['#3', 'Rhubarb'] }],
  // Punctuation
  ['rem', { top: 'artist:R.E.M.', songs: ['Losing My Religion', 'Everybody Hurts'], users: ['rem_fan'] }],
  ['R.E.M.', { top: 'artist:R.E.M.', songs: ['Losing My Religion'] }],
  ['r.e.m', { top: 'artist:R.E.M.', artists: ['R.E.M.'] }],
  ['acdc', { top: 'artist:AC/DC', songs: ['Back in Black', 'Highway to Hell'] }],
  ['AC/DC', { top: 'artist:AC/DC', songs: ['Hells Bells'] }],
  ['ac dc', { top: 'artist:AC/DC', artists: ['AC/DC'] }],
  ['ac-dc', { top: 'artist:AC/DC', artists: ['AC/DC'] }],
  ['guns n roses', { top: "artist:Guns N' Roses", songs: ["Sweet Child o' Mine"] }],
  // Three words or more: with nothing matching them all, things missing one word ("and" for "N'") are found.
  ['guns and roses', { top: "artist:Guns N' Roses" }],
  ['simon and garfunkel', { top: 'artist:Simon & Garfunkel', songs: ['Mrs. Robinson', 'The Boxer'] }],
  ['simon & garfunkel', { top: 'artist:Simon & Garfunkel', artists: ['Simon & Garfunkel'] }],
  ['hall and oates', { top: 'artist:Hall & Oates', songs: ['Private Eyes'] }],
  ['salt and static', { top: 'song:Salt & Static', songs: ['Salt & Static'] }],
  ['salt & static', { top: 'song:Salt & Static' }],
  ['#3', { top: 'song:#3', songs: ['#3'] }],
  ['3', { top: 'song:#3', songs: ['#3'] }],
  ['blink 182', { top: 'artist:Blink-182', songs: ['All the Small Things'] }],
  ['blink182', { top: 'artist:Blink-182' }],
  ['mrs robinson', { top: 'song:Mrs. Robinson', songs: ['Mrs. Robinson'] }],
  ['dont', { top: null, none: ['songs'] }],
  ['cant go for that', { top: "song:I Can't Go for That (No Can Do)" }],
  ['whats my age again', { top: "song:What's My Age Again?" }],
  ['florence and the machine', { top: 'artist:Florence + the Machine' }],
  ['florence the machine', { top: 'artist:Florence + the Machine', songs: ['Dog Days Are Over'] }],
  ['sinead oconnor', { top: 'artist:Sinéad O’Connor', songs: ['Nothing Compares 2 U'] }],
  ['harder better faster', { top: 'song:Harder, Better, Faster, Stronger' }],
  // Typos
  ['radiohed', { top: 'artist:Radiohead', songs: ['Creep'] }],
  ['raidohead', { top: 'artist:Radiohead' }],
  ['portishaed', { top: 'artist:Portishead' }],
  ['beyonse', { top: 'artist:Beyoncé' }],
  // Album and song share the name: equal scores go to the album (docs/search.md).
  ['neon harbr', { top: 'album:Neon Harbor', songs: ['Neon Harbor', 'Chrome Lullaby'], albums: ['Neon Harbor'] }],
  ['chrome lulaby', { top: 'song:Chrome Lullaby', songs: ['Chrome Lullaby'] }],
  ['glashouse', { top: 'song:Glasshouse', songs: ['Glasshouse'] }],
  ['karma polise', { top: 'song:Karma Police', songs: ['Karma Police'] }],
  ['parnoid android', { top: 'song:Paranoid Android' }],
  ['hoppipola', { top: 'song:Hoppípolla' }],
  ['teradrop', { top: 'song:Teardrop' }],
  ['yesturday', { top: 'song:Yesterday' }],
  ['losing my relgion', { top: 'song:Losing My Religion' }],
  ['evrybody hurts', { top: 'song:Everybody Hurts' }],
  ['kikstart', { top: 'song:Kickstart My Heart' }],
  ['masive atack', { top: 'artist:Massive Attack' }],
  // Typos are not forgiven in short words
  ['crp', { top: null, none: ['songs', 'artists'] }],
  ['crep', { top: 'song:Creep' }],
  ['zzz', { top: null, none: ['songs', 'artists', 'albums', 'playlists', 'users', 'genres'] }],
  // Songs by title, artist and album words together, in any order
  ['radiohead creep', { top: 'song:Creep', songs: ['Creep'] }],
  ['creep radiohead', { top: 'song:Creep', songs: ['Creep'] }],
  ['creep', { top: 'song:Creep', songs: ['Creep', 'Inertia Creeps'] }],
  ['beatles yesterday', { top: 'song:Yesterday' }],
  ['ok computer', { top: 'album:OK Computer', songs: ['Karma Police', 'Paranoid Android'], albums: ['OK Computer'] }],
  ['okcomputer', { top: 'album:OK Computer' }],
  ['kid a', { top: 'album:Kid A', songs: ['Idioteque'] }],
  ['dummy', { top: 'album:Dummy', songs: ['Glory Box'] }],
  ['abbey road', { top: 'album:Abbey Road', songs: ['Come Together', 'Here Comes the Sun'] }],
  ['agaetis byrjun', { top: 'album:Ágætis byrjun', songs: ['Svefn-g-englar'] }],
  ['radiohead creep live', { top: 'song:Creep', songs: ['Creep'] }],
  // Partial words, type-ahead
  ['kar', { top: 'song:Karma Police', users: ['karma.k'] }],
  ['karma', { top: 'song:Karma Police', songs: ['Karma Police'], users: ['karma.k'] }],
  ['sweet chi', { top: "song:Sweet Child o' Mine" }],
  ['here comes', { top: 'song:Here Comes the Sun' }],
  ['bridge over', { top: 'album:Bridge over Troubled Water', songs: ['Bridge over Troubled Water'] }],
  ['hyper', { top: 'song:Hyperballad' }],
  // Ambiguous words: exact words first, then plays
  ['love', { top: 'song:Love Song', songs: ['Crazy in Love', 'Digital Love', 'Cosmic Love', 'Love Song'], albums: ['Dangerously in Love'] }],
  ['angel', { top: 'song:Angel', songs: ['Angel'] }],
  ['back in black', { top: 'album:Back in Black', songs: ['Back in Black'], albums: ['Back in Black'] }],
  ['highway to hell', { top: 'album:Highway to Hell', songs: ['Highway to Hell'] }],
  ['private eyes', { top: 'album:Private Eyes', songs: ['Private Eyes'] }],
  ['lovers', { top: 'album:Lovers', songs: ['Lovers'], artists: ['Lovers Rock Collective'] }],
  ['help', { top: 'album:Help!', songs: ['Help!'] }],
  ['time', { top: 'album:Out of Time', songs: ['One More Time'] }],
  // Playlists (private ones only for their creator), profiles and genres
  ['road trip', { top: 'playlist:Road Trip', playlists: ['Road Trip'] }],
  ['chill', { top: 'playlist:Chill Vibes', playlists: ['Chill Vibes'] }],
  ['secret', { top: null, none: ['playlists'] }],
  ['marlow', { top: 'artist:Marlow', songs: ['Neon Harbor', 'Harbor Lights (demo)'], users: ['marlow'] }],
  ['juno', { top: 'artist:Juno Reactor', users: ['juno.beats'], songs: ['Moonlight Loop'] }],
  ['moonlight', { top: 'song:Moonlight Loop' }],
  ['trip hop', { top: 'playlist:Late Night Trip-Hop', genres: ['Trip-Hop'] }],
  ['triphop', { top: 'playlist:Late Night Trip-Hop', genres: ['Trip-Hop'] }],
  ['post rock', { top: null, genres: ['Post-Rock'] }],
  ['electrnic', { top: null, genres: ['Electronic'] }],
  // Bad input: empty answers, never an error
  ['!!!', { top: null, none: ['songs', 'artists', 'albums', 'playlists', 'users', 'genres'] }],
  ['🎸🎶', { top: null, none: ['songs', 'artists', 'albums', 'playlists', 'users', 'genres'] }],
  ['\u0000\u0007creep\u001b', { top: 'song:Creep' }],
  ['שלום', { top: null, none: ['songs'] }],
  ['a'.repeat(1000), { top: null, none: ['songs', 'artists'] }],
  ['x y z q w v j k x y z q w v j k', { top: null, none: ['songs', 'artists', 'albums'] }],
  // Only the first 8 words count; 7 of them (and, can't, do, eyes, for, go, hall) match Hall & Oates' song.
  ['a b c d e f g h i j k l m n o p', { top: "song:I Can't Go for That (No Can Do)" }],
];

const { model, users } = relevanceCatalog();

function nameOfTop(top: TopHit | null): string | null {
  if (!top) return null;
  switch (top.kind) {
    case 'song':
      return `song:${top.song.name}`;
    case 'artist':
      return `artist:${top.artist.record.name}`;
    case 'album':
      return `album:${top.album.name}`;
    case 'playlist':
      return `playlist:${top.playlist.name}`;
  }
}

function groups(found: SearchHits): Record<keyof Omit<Expected, 'top' | 'none'>, string[]> {
  return {
    songs: found.songs.map((song) => song.name),
    artists: found.artists.map((artist) => artist.record.name),
    albums: found.albums.map((album) => album.name),
    playlists: found.playlists.map((playlist) => playlist.name),
    users: found.users.map((user) => user.username),
    genres: found.genres.map((genre) => genre.name),
  };
}

describe('search relevance set', () => {
  it('holds at least 60 queries', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES)('%s', (query, expected) => {
    const found = model.search(query, users['bob']!, 20);
    expect(nameOfTop(found.top), 'top result').toBe(expected.top);
    const named = groups(found);
    for (const group of ['songs', 'artists', 'albums', 'playlists', 'users', 'genres'] as const) {
      for (const name of expected[group] ?? []) expect(named[group], group).toContain(name);
    }
    for (const group of expected.none ?? []) expect(named[group], group).toEqual([]);
  });

  it('shows a private playlist to its creator only', () => {
    expect(groups(model.search('secret love', users['ann']!, 20)).playlists).toEqual(['Secret Love Songs']);
    expect(groups(model.search('secret love', users['bob']!, 20)).playlists).toEqual([]);
  });

  it('puts exact words before prefixes before typos, then the more played', () => {
    expect(groups(model.search('love', null, 20)).songs.slice(0, 4)).toEqual(['Love Song', 'Crazy in Love', 'Digital Love', 'Cosmic Love']);
    expect(groups(model.search('karma', null, 20)).songs[0]).toBe('Karma Police');
  });
});
