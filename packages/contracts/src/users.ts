import type { Paged, Song } from './library.js';

/**
 * A user's page header (GET /api/users/:id): who they are and how much they have made. `playlist_count`
 * counts the playlists the viewer may see there (public ones, plus private ones only for the user themselves),
 * so the number never hints at private playlists.
 */
export interface UserProfile {
  id: string;
  username: string;
  song_count: number;
  album_count: number;
  playlist_count: number;
}

/** A song on its artist's page, with the play count that orders that list. */
export interface UserSong extends Song {
  plays: number;
}

/**
 * A user's songs, most played first, ties by id (oldest first): GET /api/users/:id/songs, paged like the other
 * lists (`limit` with `cursor` or `offset`).
 */
export interface UserSongsResponse extends Paged {
  songs: UserSong[];
}
