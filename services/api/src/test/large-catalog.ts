import { ObjectId, type Db } from 'mongodb';
import { ChangeFeed } from '../catalog/change-feed.js';

/** What the tests need to know about a catalog grown behind the API's back. */
export interface LargeCatalog {
  songIds: string[];
  /** Ids of songs whose name holds `rareWord`, ascending. */
  rareSongIds: string[];
  rareWord: string;
  /** How many songs have a word starting with `commonPrefix`. */
  commonPrefix: string;
  commonCount: number;
  bigAlbumId: string;
  bigAlbumSongIds: string[];
  bigPlaylistId: string;
  bigPlaylistSongIds: string[];
  /** The songs `likerId` liked, oldest like first. */
  likedSongIds: string[];
}

const WORDS = ['Love', 'Night', 'Blue', 'Fire', 'Dream', 'Rain', 'Heart', 'Road', 'Gold', 'Sky', 'Café', 'Señor', 'Über', 'Øster'];

/**
 * Inserts songs, one big album, one big playlist and a collection of likes
 * straight into the database, shaped as the API's repositories store them
 * (a few seconds for 20,000 songs, where uploads would take an hour), then
 * logs a reload so the API under test takes them in. Songs share the media
 * files of `template`, a song uploaded through the API.
 */
export async function growCatalog(
  db: Db,
  input: { songs: number; artistId: string; likerId: string; template: { coverFileId: string; audioFileId: string }; bigAlbum: number; bigPlaylist: number; likes: number },
): Promise<LargeCatalog> {
  const artist = new ObjectId(input.artistId);
  const cover = new ObjectId(input.template.coverFileId);
  const audio = new ObjectId(input.template.audioFileId);
  const bigAlbum = new ObjectId();
  await db.collection('albums').insertOne({ _id: bigAlbum, album_name: 'Everything Everywhere', artist_id: artist, cover_file_id: cover, created_at: new Date() });
  const rareWord = `Zyzzyva${Date.now().toString(36)}`;
  const songIds: string[] = [];
  const rareSongIds: string[] = [];
  const bigAlbumSongIds: string[] = [];
  let commonCount = 0;
  for (let start = 0; start < input.songs; start += 1000) {
    const docs = [];
    for (let index = start; index < Math.min(input.songs, start + 1000); index++) {
      const id = new ObjectId();
      const words = [WORDS[index % WORDS.length]!, WORDS[(index * 7 + 3) % WORDS.length]!, `No${index}`];
      if (index % 997 === 0) {
        words.push(rareWord);
        rareSongIds.push(id.toHexString());
      }
      if (words.some((word) => word.toLowerCase().startsWith('lo'))) commonCount += 1;
      const inAlbum = index < input.bigAlbum;
      if (inAlbum) bigAlbumSongIds.push(id.toHexString());
      docs.push({
        _id: id,
        song_name: words.join(' '),
        artist_id: artist,
        album_id: inAlbum ? bigAlbum : null,
        cover_file_id: cover,
        audio_file_id: audio,
        duration: 100 + (index % 200),
        plays: 0,
        created_at: new Date(),
      });
      songIds.push(id.toHexString());
    }
    await db.collection('songs').insertMany(docs);
  }

  const bigPlaylist = new ObjectId();
  await db.collection('playlists').insertOne({ _id: bigPlaylist, playlist_name: 'Longest Drive', description: null, private: false, creator_id: artist, cover_file_id: null, created_at: new Date() });
  // Every other song from the end, so the playlist's order differs from the catalog's.
  const bigPlaylistSongIds = songIds.filter((_, index) => index % 2 === 0).reverse().slice(0, input.bigPlaylist);
  for (let start = 0; start < bigPlaylistSongIds.length; start += 1000) {
    await db.collection('playlist_songs').insertMany(
      bigPlaylistSongIds.slice(start, start + 1000).map((songId) => ({ _id: new ObjectId(), playlist_id: bigPlaylist, song_id: new ObjectId(songId), added_at: new Date() })),
    );
  }
  const likedSongIds = songIds.filter((_, index) => index % 3 === 1).slice(0, input.likes);
  await db.collection('likes').insertMany(likedSongIds.map((songId) => ({ _id: new ObjectId(), user_id: new ObjectId(input.likerId), song_id: new ObjectId(songId), liked_at: new Date() })));

  await new ChangeFeed(() => db).publish([{ kind: 'reload' }]);
  return {
    songIds,
    rareSongIds,
    rareWord,
    commonPrefix: 'lo',
    commonCount,
    bigAlbumId: bigAlbum.toHexString(),
    bigAlbumSongIds,
    bigPlaylistId: bigPlaylist.toHexString(),
    bigPlaylistSongIds,
    likedSongIds,
  };
}
