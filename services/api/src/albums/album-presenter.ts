import { Injectable } from '@nestjs/common';
import type { Album } from '@tunafy/contracts';
import { mediaUrl } from '../media/media-store.js';
import { UsersRepository } from '../users/users.repository.js';
import type { AlbumRecord } from './albums.repository.js';

/** Turns album records into the API's album shape; artist names come from one batched read. */
@Injectable()
export class AlbumPresenter {
  constructor(private readonly users: UsersRepository) {}

  async present(records: AlbumRecord[]): Promise<Album[]> {
    const usernames = await this.users.usernamesByIds(records.map((album) => album.artistId));
    return records.map((album) => toAlbum(album, usernames.get(album.artistId) ?? ''));
  }

  async presentOne(record: AlbumRecord): Promise<Album> {
    return (await this.present([record]))[0]!;
  }
}

export function toAlbum(album: AlbumRecord, artistUsername: string): Album {
  return {
    id: album.id,
    album_name: album.name,
    album_cover_url: mediaUrl(album.coverFileId),
    artist_id: album.artistId,
    artist_username: artistUsername,
    created_at: album.createdAt.toISOString(),
  };
}
