import { ObjectId, type Db } from 'mongodb';
import { seededRandom as random } from './seeded-random.js';

/** Media every generated song and album points at (one real upload's files). */
export interface TemplateMedia {
  coverFileId: string;
  audioFileId: string;
}

export interface GrowOptions {
  /** Songs the catalog should hold after this call (it only ever adds). */
  songs: number;
  template: TemplateMedia;
  /** The user who gets 1,000 likes (at 10,000 songs and more) and owns the big album and playlist. */
  mainUserId: string;
  seed?: number;
}

/** What a benchmark or a test needs to find its way in a grown catalog. */
export interface GrownCatalog {
  songs: number;
  albums: number;
  playlists: number;
  entries: number;
  likes: number;
  /** A word only a handful of songs hold, and how many. */
  rareWord: string;
  rareCount: number;
  /** The most frequent word of the vocabulary (thousands of matches). */
  commonWord: string;
  middleSongId: string;
  lastSongId: string;
  bigAlbumId: string | null;
  bigPlaylistId: string | null;
  someAlbumId: string;
  somePlaylistId: string;
  likedSongId: string | null;
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ne', 'to', 'su', 'vi', 'da', 'el', 'or', 'an', 'qu', 'be', 'zé', 'ñu', 'ør', 'ü'];
const COMMON = ['Love', 'Night', 'Heart', 'Dream', 'Blue', 'Fire', 'Rain', 'Song', 'Road', 'Light', 'Café', 'Señor', 'Über', 'Søren'];

/** A vocabulary of ~5,000 words, common ones first; names draw from it with a Zipf-like skew. */
export function vocabulary(size = 5000): string[] {
  const words = new Set(COMMON);
  const next = random(7);
  while (words.size < size) {
    const parts = 2 + Math.floor(next() * 3);
    let word = '';
    for (let part = 0; part < parts; part++) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    words.add(word[0]!.toUpperCase() + word.slice(1));
  }
  return [...words];
}

export function nameGenerator(seed: number): (words: number) => string {
  const vocab = vocabulary();
  const next = random(seed);
  return (count) => Array.from({ length: count }, () => vocab[Math.floor(Math.pow(next(), 2.5) * vocab.length)]!).join(' ');
}

/**
 * Grows a catalog by direct inserts, documents shaped exactly as the API's
 * repositories store them (services/api/src/*\/*.repository.ts), in batches:
 * users (one per 100 songs), albums (one per 12 songs), songs (names of 1–5
 * words, a few with a rare word), playlists (one per 20 songs, 10–200
 * entries, a third private), likes (a few per user, 1,000 for the main user);
 * from 20,000 songs on, one album and one playlist of 10,000 songs. Then logs
 * a reload so a running API takes it all in. Uploading 100,000 songs through
 * the API would take hours; this takes about a minute on the embedded engine.
 */
export async function growCatalog(db: Db, options: GrowOptions): Promise<GrownCatalog> {
  const seed = options.seed ?? 1;
  const next = random(seed);
  const name = nameGenerator(seed);
  const cover = new ObjectId(options.template.coverFileId);
  const audio = new ObjectId(options.template.audioFileId);
  const main = new ObjectId(options.mainUserId);
  const existing = await db.collection('songs').countDocuments();
  const adding = Math.max(0, options.songs - existing);
  const rareWord = `Quixotic${seed}`;

  const userCount = Math.max(5, Math.ceil(adding / 100));
  const users = Array.from({ length: userCount }, (_, index) => {
    const username = `listener${existing + index}_${seed}`;
    return { _id: new ObjectId(), email: `${username}@example.com`, username, username_lower: username.toLowerCase(), password_hash: 'not-a-login', created_at: new Date() };
  });
  await insertBatches(db, 'users', users);
  const artists = [main, ...users.map((user) => user._id)];

  const albums = Array.from({ length: Math.max(1, Math.ceil(adding / 12)) }, () => ({
    _id: new ObjectId(),
    album_name: name(1 + Math.floor(next() * 3)),
    artist_id: artists[Math.floor(next() * artists.length)]!,
    cover_file_id: cover,
    created_at: new Date(),
  }));
  const big = options.songs >= 20_000 && existing < 20_000;
  const bigAlbum = big ? { _id: new ObjectId(), album_name: 'The Complete Recordings', artist_id: main, cover_file_id: cover, created_at: new Date() } : null;
  await insertBatches(db, 'albums', bigAlbum ? [...albums, bigAlbum] : albums);

  const songIds: ObjectId[] = [];
  let rareCount = 0;
  for (let start = 0; start < adding; start += 2000) {
    const docs = [];
    for (let index = start; index < Math.min(adding, start + 2000); index++) {
      const id = new ObjectId();
      songIds.push(id);
      let songName = name(1 + Math.floor(next() * 5));
      if (index % 9973 === 17) {
        songName += ` ${rareWord}`;
        rareCount += 1;
      }
      const inBig = bigAlbum !== null && index < 10_000;
      const album = inBig ? bigAlbum : albums[Math.floor(index / 12) % albums.length]!;
      docs.push({
        _id: id,
        song_name: songName,
        artist_id: album.artist_id,
        album_id: album._id,
        cover_file_id: cover,
        audio_file_id: audio,
        duration: 90 + Math.floor(next() * 300),
        plays: 0,
        created_at: new Date(),
      });
    }
    await db.collection('songs').insertMany(docs, { ordered: false });
  }

  const playlists = Array.from({ length: Math.max(1, Math.ceil(adding / 20)) }, (_, index) => ({
    _id: new ObjectId(),
    playlist_name: name(1 + Math.floor(next() * 3)),
    description: index % 4 === 0 ? `Songs for ${name(2).toLowerCase()}` : null,
    private: index % 3 === 0,
    creator_id: artists[Math.floor(next() * artists.length)]!,
    cover_file_id: null,
    created_at: new Date(),
  }));
  const bigPlaylist = big ? { _id: new ObjectId(), playlist_name: 'Everything, Shuffled', description: null, private: false, creator_id: main, cover_file_id: null, created_at: new Date() } : null;
  await insertBatches(db, 'playlists', bigPlaylist ? [...playlists, bigPlaylist] : playlists);
  const pick = () => songIds[Math.floor(next() * songIds.length)]!;
  let entries = 0;
  let batch: object[] = [];
  const flushEntries = async () => {
    if (batch.length > 0) await db.collection('playlist_songs').insertMany(batch, { ordered: false });
    entries += batch.length;
    batch = [];
  };
  for (const playlist of playlists) {
    const chosen = new Set<ObjectId>();
    const size = 10 + Math.floor(next() * 191);
    while (chosen.size < Math.min(size, songIds.length)) chosen.add(pick());
    for (const songId of chosen) batch.push({ _id: new ObjectId(), playlist_id: playlist._id, song_id: songId, added_at: new Date() });
    if (batch.length >= 5000) await flushEntries();
  }
  if (bigPlaylist) {
    for (let index = 0; index < 10_000; index++) {
      batch.push({ _id: new ObjectId(), playlist_id: bigPlaylist._id, song_id: songIds[songIds.length - 1 - index * 2]!, added_at: new Date() });
      if (batch.length >= 5000) await flushEntries();
    }
  }
  await flushEntries();

  const likes: object[] = [];
  const mainLikes = options.songs >= 10_000 && existing < 10_000 ? 1000 : 0;
  for (let index = 0; index < mainLikes; index++) likes.push({ _id: new ObjectId(), user_id: main, song_id: songIds[index * Math.floor(songIds.length / mainLikes)]!, liked_at: new Date() });
  for (const user of users) {
    const chosen = new Set<ObjectId>();
    for (let count = 0; count < 3; count++) chosen.add(pick());
    for (const songId of chosen) likes.push({ _id: new ObjectId(), user_id: user._id, song_id: songId, liked_at: new Date() });
  }
  await insertBatches(db, 'likes', likes);

  // What a running API needs to take the bulk write in (see docs/api.md, "The read model").
  const revision = await db.collection<{ _id: string; rev: number }>('meta').findOneAndUpdate({ _id: 'catalog' }, { $inc: { rev: 1 } }, { upsert: true, returnDocument: 'after' });
  await db.collection('catalog_changes').insertOne({ _id: revision!.rev as never, at: new Date(), changes: [{ kind: 'reload' }] });

  const someSongs = songIds.length > 0 ? songIds : [new ObjectId()];
  return {
    songs: existing + adding,
    albums: albums.length + (bigAlbum ? 1 : 0),
    playlists: playlists.length + (bigPlaylist ? 1 : 0),
    entries,
    likes: likes.length,
    rareWord,
    rareCount,
    commonWord: COMMON[0]!,
    middleSongId: someSongs[Math.floor(someSongs.length / 2)]!.toHexString(),
    lastSongId: someSongs[someSongs.length - 1]!.toHexString(),
    bigAlbumId: bigAlbum?._id.toHexString() ?? null,
    bigPlaylistId: bigPlaylist?._id.toHexString() ?? null,
    someAlbumId: albums[Math.floor(albums.length / 2)]!._id.toHexString(),
    somePlaylistId: playlists.find((playlist) => !playlist.private)!._id.toHexString(),
    likedSongId: mainLikes > 0 ? songIds[0]!.toHexString() : null,
  };
}

async function insertBatches(db: Db, collection: string, docs: object[]): Promise<void> {
  for (let start = 0; start < docs.length; start += 5000) await db.collection(collection).insertMany(docs.slice(start, start + 5000), { ordered: false });
}
