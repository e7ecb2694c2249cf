import { artistKey } from '@tunafy/contracts';
import { CatalogModel } from '../catalog/catalog-model.js';

/**
 * The fixed catalog the relevance set (relevance.test.ts) and docs/search.md's examples search: real-looking
 * artists with the punctuation and accents people trip over (R.E.M., AC/DC, Sigur Rós, Björk, Guns N' Roses,
 * Simon & Garfunkel), their albums and songs with play counts, playlists (one private) and users. Built in memory,
 * no database: the search is the read model's.
 */
export interface RelevanceCatalog {
  model: CatalogModel;
  /** User ids by username. */
  users: Record<string, string>;
}

const DAY = new Date('2026-01-01T00:00:00Z');

/** Artist name, then its albums: album name, then songs as [title, plays, genre?]. */
type Discography = [string, [string, [string, number, string?][]][]];

const DISCOGRAPHY: Discography[] = [
  ['R.E.M.', [['Automatic for the People', [['Everybody Hurts', 900, 'Alternative Rock'], ['Man on the Moon', 700], ['Nightswimming', 300]]], ['Out of Time', [['Losing My Religion', 1500, 'Alternative Rock'], ['Shiny Happy People', 400]]]]],
  ['AC/DC', [['Back in Black', [['Back in Black', 1400, 'Hard Rock'], ['You Shook Me All Night Long', 1200, 'Hard Rock'], ['Hells Bells', 600]]], ['Highway to Hell', [['Highway to Hell', 1300, 'Hard Rock'], ['Touch Too Much', 200]]]]],
  ['Sigur Rós', [['Ágætis byrjun', [['Svefn-g-englar', 500, 'Post-Rock'], ['Starálfur', 450, 'Post-Rock']]], ['Takk...', [['Hoppípolla', 1100, 'Post-Rock'], ['Glósóli', 350]]]]],
  ['Björk', [['Homogenic', [['Jóga', 800, 'Electronic'], ['Bachelorette', 500]]], ['Post', [['Army of Me', 700, 'Electronic'], ['Hyperballad', 650, 'Electronic'], ["It's Oh So Quiet", 900]]]]],
  ['Radiohead', [['Pablo Honey', [['Creep', 3000, 'Alternative Rock'], ['Anyone Can Play Guitar', 100]]], ['OK Computer', [['Karma Police', 2500, 'Alternative Rock'], ['Paranoid Android', 2000], ['No Surprises', 1800], ['Lucky', 300]]], ['Kid A', [['Everything in Its Right Place', 1200, 'Electronic'], ['Idioteque', 800]]]]],
  ["Guns N' Roses", [['Appetite for Destruction', [["Sweet Child o' Mine", 2800, 'Hard Rock'], ['Welcome to the Jungle', 2100, 'Hard Rock'], ['Paradise City', 1500]]]]],
  ['Simon & Garfunkel', [['Bookends', [['Mrs. Robinson', 1300, 'Folk'], ['America', 400]]], ['Bridge over Troubled Water', [['Bridge over Troubled Water', 1600, 'Folk'], ['The Boxer', 1100, 'Folk'], ['Cecilia', 700]]]]],
  ['Portishead', [['Dummy', [['Glory Box', 1400, 'Trip-Hop'], ['Sour Times', 900, 'Trip-Hop'], ['Roads', 800]]]]],
  ['Massive Attack', [['Mezzanine', [['Teardrop', 1700, 'Trip-Hop'], ['Angel', 1000, 'Trip-Hop'], ['Inertia Creeps', 300]]]]],
  ['Daft Punk', [['Discovery', [['One More Time', 2200, 'Electronic'], ['Harder, Better, Faster, Stronger', 1900, 'Electronic'], ['Digital Love', 1000]]]]],
  ['Beyoncé', [['Lemonade', [['Formation', 1500, 'Pop'], ['Hold Up', 800, 'Pop']]], ['Dangerously in Love', [['Crazy in Love', 2600, 'Pop'], ['Naughty Girl', 600]]]]],
  ['Mötley Crüe', [['Dr. Feelgood', [['Kickstart My Heart', 1000, 'Hard Rock'], ['Dr. Feelgood', 700]]]]],
  ['Hall & Oates', [['Private Eyes', [['Private Eyes', 800, 'Pop'], ["I Can't Go for That (No Can Do)", 900, 'Pop']]]]],
  ['Aphex Twin', [['Selected Ambient Works Volume II', [['#3', 600, 'Ambient'], ['Rhubarb', 500, 'Ambient']]]]],
  ['Marlow', [['Neon Harbor', [['Neon Harbor', 400, 'Synthwave'], ['Chrome Lullaby', 350, 'Synthwave'], ['Glasshouse', 300, 'Synthwave'], ['Salt & Static', 250, 'Synthwave']]]]],
  ['Florence + the Machine', [['Lungs', [['Dog Days Are Over', 1800, 'Indie'], ['Cosmic Love', 900], ['Rabbit Heart (Raise It Up)', 500]]]]],
  ['The Beatles', [['Abbey Road', [['Come Together', 2400, 'Rock'], ['Here Comes the Sun', 3100, 'Rock'], ['Something', 1500]]], ['Help!', [['Help!', 1700, 'Rock'], ['Yesterday', 2900, 'Rock']]]]],
  ['Sinéad O’Connor', [['I Do Not Want What I Haven’t Got', [['Nothing Compares 2 U', 2000, 'Pop']]]]],
  ['Blink-182', [['Enema of the State', [["All the Small Things", 1900, 'Punk'], ["What's My Age Again?", 1200, 'Punk']]]]],
  ['Juno Reactor', [['Bible of Dreams', [['Jungle High', 300, 'Trance']]]]],
  ['Lovers Rock Collective', [['Lovers', [['Lovers', 50], ['Love Song', 80]]]]],
];

/** Uploads without credits (their owner is their artist), playlists and users. */
const USERS = ['ann', 'bob', 'marlow', 'juno.beats', 'rem_fan', 'björk.lover', 'karma.k'];
const OWN_UPLOADS: [string, string, number][] = [
  ['ann', 'Bedroom Demo', 5],
  ['marlow', 'Harbor Lights (demo)', 40],
  ['juno.beats', 'Moonlight Loop', 30],
];
const PLAYLISTS: [string, string, boolean, string[]][] = [
  ['ann', 'Road Trip', false, ['Highway to Hell', 'Back in Black', 'Here Comes the Sun']],
  ['ann', 'Radiohead Essentials', false, ['Creep', 'Karma Police', 'No Surprises']],
  ['bob', 'Chill Vibes', false, ['Teardrop', 'Glory Box', 'Hoppípolla']],
  ['ann', 'Secret Love Songs', true, ['Crazy in Love', 'Love Song']],
  ['karma.k', 'Late Night Trip-Hop', false, ['Angel', 'Roads', 'Sour Times']],
];

export function relevanceCatalog(): RelevanceCatalog {
  let counter = 0x1000;
  const newId = () => (++counter).toString(16).padStart(24, '0');
  const model = new CatalogModel();
  const users: Record<string, string> = {};
  for (const username of USERS) {
    users[username] = newId();
    model.putUser(users[username], username);
  }
  const owner = users['ann']!;
  const songIds = new Map<string, string>();
  const addSong = (name: string, plays: number, extra: { artistId: string; albumId: string | null; creditIds?: string[]; genre?: string }) => {
    const id = newId();
    songIds.set(name, id);
    const { creditIds, genre, ...rest } = extra;
    model.putSong({ id, name, coverFileId: newId(), audioFileId: newId(), duration: 200, plays, createdAt: DAY.getTime(), ...rest, ...(creditIds ? { creditIds } : {}), ...(genre ? { genre } : {}) });
  };
  for (const [artistName, albums] of DISCOGRAPHY) {
    const artistId = newId();
    model.putArtist({ id: artistId, name: artistName, key: artistKey(artistName) });
    for (const [albumName, songs] of albums) {
      const albumId = newId();
      model.putAlbum({ id: albumId, name: albumName, artistId: owner, coverFileId: newId(), createdAt: DAY, albumArtistId: artistId });
      for (const [title, plays, genre] of songs) addSong(title, plays, { artistId: owner, albumId, creditIds: [artistId], genre });
    }
  }
  for (const [username, title, plays] of OWN_UPLOADS) addSong(title, plays, { artistId: users[username]!, albumId: null });
  for (const [username, name, isPrivate, songs] of PLAYLISTS) {
    const playlistId = newId();
    model.putPlaylist({ id: playlistId, name, description: null, isPrivate, creatorId: users[username]!, coverFileId: null, createdAt: DAY });
    for (const song of songs) model.putEntry({ id: newId(), playlistId, songId: songIds.get(song)!, addedAt: DAY });
  }
  return { model, users };
}
