import type { Db, IndexDescription } from 'mongodb';

/**
 * The indexes the MongoDB adapter's queries need, beside the query shapes they serve (mongo-catalog-reads.ts). The
 * repositories already declare `songs.album_id`, `playlists.creator_id`, `playlist_songs {playlist_id, song_id}` and
 * `likes {user_id, song_id}`; these add the orders the pages walk, so no page sorts in memory or reads past its rows.
 */
export const CATALOG_READ_INDEXES: Record<string, IndexDescription[]> = {
  // visiblePlaylistsPage: {$or: [{private: false}, {creator_id}]}, _id > cursor, sort _id: one ordered scan per branch, merged.
  playlists: [
    { key: { private: 1, _id: 1 }, name: 'reads_private_id' },
    { key: { creator_id: 1, _id: 1 }, name: 'reads_creator_id' },
  ],
  // playlistEntries: {playlist_id, position in [null, '']} by _id, then {playlist_id, position > ''} by position, _id.
  playlist_songs: [{ key: { playlist_id: 1, position: 1, _id: 1 }, name: 'reads_playlist_position_id' }],
  // likesPage: {user_id, _id < cursor}, sort _id descending.
  likes: [{ key: { user_id: 1, _id: -1 }, name: 'reads_user_newest' }],
  // artistsPage: by {sort_key, _id} after the cursor, a letter a range of sort_key; the start-up fill (artists.repository.ts): {sort_key: null}.
  artists: [{ key: { sort_key: 1, _id: 1 }, name: 'reads_sort_key_id' }],
  // The A–Z list's counts: credit_ids $in (multikey); an artist's picture: its first song by _id; topSongs: plays
  // descending, then _id. genreSongs: {genre, _id > cursor} by _id; genres groups over genre.
  songs: [
    { key: { credit_ids: 1, _id: 1 }, name: 'reads_credit_id' },
    { key: { credit_ids: 1, plays: -1, _id: 1 }, name: 'reads_credit_plays_id' },
    { key: { genre: 1, _id: 1 }, name: 'reads_genre_id' },
    // genreAlbums: distinct album_id of {genre}, covered by the index.
    { key: { genre: 1, album_id: 1 }, name: 'reads_genre_album' },
  ],
  // Album counts ({album_artist_id $in}) and pictures (an artist's first album by _id). Albums naming no album
  // artist ({album_artist_id: null}): grouped by owner, and an owner's first by _id (mongo-album-list-reads.ts).
  albums: [
    { key: { album_artist_id: 1, _id: 1 }, name: 'reads_album_artist_id' },
    { key: { album_artist_id: 1, artist_id: 1, _id: 1 }, name: 'reads_album_artist_owner_id' },
  ],
};

/**
 * Creates the ones missing, by name. A second replica starting asks only for the list: FerretDB closes the connection
 * on a createIndexes of indexes that all exist (seen when two API processes started on one database).
 */
export async function ensureCatalogReadIndexes(db: Db): Promise<void> {
  for (const [name, indexes] of Object.entries(CATALOG_READ_INDEXES)) {
    const collection = db.collection(name);
    const existing = new Set((await collection.listIndexes().toArray().catch(() => [])).map((index) => index.name as string));
    const missing = indexes.filter((index) => !existing.has(index.name!));
    if (missing.length > 0) await collection.createIndexes(missing);
  }
}
