import { Injectable } from '@nestjs/common';
import type { Song } from '@tunafy/contracts';
import { AlbumsRepository } from '../albums/albums.repository.js';
import { mediaUrl } from '../media/media-store.js';
import { UsersRepository } from '../users/users.repository.js';
import type { SongRecord } from './songs.repository.js';

/** Turns song records into the API's song shape, looking up artist and album names in two batched reads. */
@Injectable()
export class SongPresenter {
  constructor(
    private readonly users: UsersRepository,
    private readonly albums: AlbumsRepository,
  ) {}

  async present(records: SongRecord[]): Promise<Song[]> {
    const [usernames, albumNames] = await Promise.all([
      this.users.usernamesByIds(records.map((song) => song.artistId)),
      this.albums.namesByIds(records.flatMap((song) => (song.albumId ? [song.albumId] : []))),
    ]);
    return records.map((song) => toSong(song, usernames.get(song.artistId) ?? '', song.albumId ? (albumNames.get(song.albumId) ?? null) : null));
  }

  async presentOne(record: SongRecord): Promise<Song> {
    return (await this.present([record]))[0]!;
  }
}

export function toSong(song: SongRecord, artistUsername: string, albumName: string | null): Song {
  return {
    id: song.id,
    song_name: song.name,
    artist_id: song.artistId,
    artist_username: artistUsername,
    // An album deleted mid-way (before its songs were detached) reads as no album.
    album_id: albumName === null ? null : song.albumId,
    album_name: albumName,
    song_cover_url: mediaUrl(song.coverFileId),
    song_file_url: mediaUrl(song.audioFileId),
    duration: song.duration,
    created_at: song.createdAt.toISOString(),
  };
}
