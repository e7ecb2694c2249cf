import { ObjectId, type Db } from 'mongodb';
import { seededRandom } from '../../catalog/seeded-random.js';

/**
 * A catalog shaped like the API's collections (services/api/src/persistence/songs.repository.ts,
 * likes.repository.ts), with the indexes their mongoose schemas declare, generated from a seed so every
 * engine gets the same data.
 */

export const SONGS = 'songs';
export const LIKES = 'likes';
/** The small-collection case: ten documents, like a settings or genres collection. */
export const SMALL = 'genres';

const INSERT_BATCH = 1_000;
const HEAVY_USER_LIKES = 1_000;
const LIKES_PER_USER = 100;
/** Songs that deleteOne may remove, kept away from the rows the read shapes look for. */
const RESERVED_FOR_DELETES = 200;

const WORDS = (
  'amber echo velvet neon river midnight golden silver hollow crimson winter summer paper glass ocean desert ' +
  'electric quiet broken wild lonely distant burning frozen falling rising secret simple sweet bitter endless ' +
  'little heavy lucky empty open silent sacred stolen tender violet ancient restless gentle savage weightless ' +
  'heart road night light fire rain storm dream city star moon sun shadow ghost garden mirror signal engine ' +
  'island harbor canyon forest thunder echoes satellite highway window letter promise morning evening horizon ' +
  'kingdom lantern machine mountain orchard pilgrim rocket station tide valley voyage wolf dancer stranger ' +
  'runaway sparrow tiger raven falcon hunter sailor drifter dreamer prophet outlaw stranger lover daughter ' +
  'song blues anthem ballad lullaby serenade hymn waltz groove fever riot parade carnival static radio tape ' +
  'between under over beyond after before without inside outside through across toward again forever tonight'
).split(' ');

export interface SongDoc {
  _id: ObjectId;
  song_name: string;
  artist_id: ObjectId;
  album_id: ObjectId | null;
  cover_file_id: ObjectId;
  audio_file_id: ObjectId;
  duration: number;
  plays: number;
  created_at: Date;
}

export interface LikeDoc {
  _id: ObjectId;
  user_id: ObjectId;
  song_id: ObjectId;
  liked_at: Date;
}

export interface Catalog {
  songs: SongDoc[];
  likes: LikeDoc[];
  small: { _id: ObjectId; slug: string; name: string; position: number }[];
  /** What the read shapes look for, all in the middle of the collection. */
  probe: {
    songId: ObjectId;
    albumId: ObjectId;
    albumSongs: number;
    heavyUserId: ObjectId;
    like: { userId: ObjectId; songId: ObjectId };
    word: string;
    wordMatches: number;
    smallSlug: string;
  };
  /** Distinct songs for deleteOne (each run removes one), spread over the collection. */
  deletable: ObjectId[];
}

export function generateCatalog(songCount: number, seed = 20261125): Catalog {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const albumCount = Math.max(1, Math.round(songCount / 12));
  const artistCount = Math.max(1, Math.round(albumCount / 4));
  const artists = Array.from({ length: artistCount }, () => new ObjectId());
  const albums = Array.from({ length: albumCount }, () => ({ id: new ObjectId(), artist: pick(artists) }));
  const start = Date.UTC(2024, 0, 1);

  const songs: SongDoc[] = [];
  for (let i = 0; i < songCount; i++) {
    // Albums in runs of about 12 songs, as an upload of a whole album gives; one song in 20 is a single.
    const album = random() < 0.05 ? null : albums[Math.min(albumCount - 1, Math.floor((i / songCount) * albumCount))]!;
    const words = 2 + Math.floor(random() * 3);
    const name = Array.from({ length: words }, () => pick(WORDS)).join(' ');
    songs.push({
      _id: new ObjectId(),
      song_name: name.charAt(0).toUpperCase() + name.slice(1),
      artist_id: album?.artist ?? pick(artists),
      album_id: album?.id ?? null,
      cover_file_id: new ObjectId(),
      audio_file_id: new ObjectId(),
      duration: 120 + Math.floor(random() * 300),
      plays: Math.floor(random() * 1_000),
      created_at: new Date(start + i * 60_000),
    });
  }

  const middle = Math.floor(songCount / 2);
  // Every 1/RESERVED-th song, skipping the probed middle album.
  const step = Math.max(1, Math.floor(songCount / RESERVED_FOR_DELETES));
  const middleAlbum = songs[middle]!.album_id ?? songs.find((song, index) => index > middle && song.album_id)!.album_id!;
  const deletable = songs
    .filter((song, index) => index % step === step - 1 && index !== middle && !song.album_id?.equals(middleAlbum))
    .map((song) => song._id);

  const likes: LikeDoc[] = [];
  const addLikes = (userId: ObjectId, count: number) => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, songCount)) chosen.add(Math.floor(random() * songCount));
    for (const index of chosen) {
      likes.push({ _id: new ObjectId(), user_id: userId, song_id: songs[index]!._id, liked_at: new Date(start + Math.floor(random() * 3e10)) });
    }
  };
  const heavyUserId = new ObjectId();
  addLikes(heavyUserId, HEAVY_USER_LIKES);
  const otherUsers = Math.max(1, Math.round((songCount - HEAVY_USER_LIKES) / LIKES_PER_USER));
  for (let user = 0; user < otherUsers; user++) addLikes(new ObjectId(), LIKES_PER_USER);
  // Inserted in time order, as likes arrive.
  likes.sort((a, b) => a.liked_at.getTime() - b.liked_at.getTime());
  const middleLike = likes[Math.floor(likes.length / 2)]!;

  const word = 'electric';
  const pattern = new RegExp(word, 'i');
  const small = Array.from({ length: 10 }, (_, position) => {
    const name = WORDS[position * 7]!;
    return { _id: new ObjectId(), slug: name, name: name.toUpperCase(), position };
  });

  return {
    songs,
    likes,
    small,
    probe: {
      songId: songs[middle]!._id,
      albumId: middleAlbum,
      albumSongs: songs.filter((song) => song.album_id?.equals(middleAlbum)).length,
      heavyUserId,
      like: { userId: middleLike.user_id, songId: middleLike.song_id },
      word,
      wordMatches: songs.filter((song) => pattern.test(song.song_name)).length,
      smallSlug: small[6]!.slug,
    },
    deletable,
  };
}

export interface LoadTimes {
  /** Documents per second of insertMany in batches of 1,000 (ordered), indexes already in place. */
  songsPerSecond: number;
  likesPerSecond: number;
  totalSeconds: number;
}

/** Creates the schemas' indexes on empty collections (as the API does at start), then inserts in batches. */
export async function loadCatalog(db: Db, catalog: Catalog, progress: (line: string) => void): Promise<LoadTimes> {
  const started = performance.now();
  await db.collection(SONGS).createIndex({ artist_id: 1 });
  await db.collection(SONGS).createIndex({ album_id: 1 });
  await db.collection(LIKES).createIndex({ song_id: 1 });
  await db.collection(LIKES).createIndex({ user_id: 1, song_id: 1 }, { unique: true });
  await db.collection(SMALL).createIndex({ slug: 1 }, { unique: true });

  const insertAll = async (name: string, docs: object[]): Promise<number> => {
    const t0 = performance.now();
    for (let i = 0; i < docs.length; i += INSERT_BATCH) {
      await db.collection(name).insertMany(docs.slice(i, i + INSERT_BATCH), { ordered: true });
      if ((i / INSERT_BATCH) % 20 === 19) progress(`${name}: ${i + INSERT_BATCH} inserted`);
    }
    return docs.length / ((performance.now() - t0) / 1000);
  };
  const songsPerSecond = await insertAll(SONGS, catalog.songs);
  const likesPerSecond = await insertAll(LIKES, catalog.likes);
  await db.collection(SMALL).insertMany(catalog.small);
  return { songsPerSecond, likesPerSecond, totalSeconds: (performance.now() - started) / 1000 };
}
