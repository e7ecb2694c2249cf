import { Injectable } from '@nestjs/common';
import type { Playlist } from '@tunafy/contracts';
import { mediaUrl } from '../media/media-store.js';
import { UsersRepository } from '../users/users.repository.js';
import type { PlaylistRecord } from './playlists.repository.js';

/** Turns playlist records into the API's playlist shape; creator names come from one batched read. */
@Injectable()
export class PlaylistPresenter {
  constructor(private readonly users: UsersRepository) {}

  async present(records: PlaylistRecord[]): Promise<Playlist[]> {
    const usernames = await this.users.usernamesByIds(records.map((playlist) => playlist.creatorId));
    return records.map((playlist) => toPlaylist(playlist, usernames.get(playlist.creatorId) ?? ''));
  }

  async presentOne(record: PlaylistRecord): Promise<Playlist> {
    return (await this.present([record]))[0]!;
  }
}

export function toPlaylist(playlist: PlaylistRecord, creatorUsername: string): Playlist {
  return {
    id: playlist.id,
    playlist_name: playlist.name,
    // Covers are optional for playlists (unlike songs and albums); the UI draws a placeholder for null.
    playlist_cover_url: playlist.coverFileId ? mediaUrl(playlist.coverFileId) : null,
    description: playlist.description,
    private: playlist.isPrivate,
    creator_id: playlist.creatorId,
    creator_username: creatorUsername,
    created_at: playlist.createdAt.toISOString(),
  };
}
