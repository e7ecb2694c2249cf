import { Injectable } from '@nestjs/common';
import type { Playlist, PlaylistDetail } from '@tunafy/contracts';
import { mediaUrl } from '../media/media-store.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import type { PlaylistRecord } from './playlists.repository.js';

/** Turns playlist records into the API's playlist shape; creator names come from the in-memory catalog. */
@Injectable()
export class PlaylistPresenter {
  constructor(private readonly catalog: CatalogReadModel) {}

  present(records: readonly PlaylistRecord[]): Playlist[] {
    const model = this.catalog.model;
    return records.map((playlist) => toPlaylist(playlist, model.username(playlist.creatorId)));
  }

  presentOne(record: PlaylistRecord): Playlist {
    return this.present([record])[0]!;
  }

  /** The detail page's header: the playlist with its song count and length. */
  presentDetail(record: PlaylistRecord): PlaylistDetail {
    const totals = this.catalog.model.playlistTotals(record.id);
    return { ...this.presentOne(record), song_count: totals.songCount, total_duration: totals.totalDuration };
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
