import { Injectable } from '@nestjs/common';
import type { Playlist, PlaylistDetail } from '@tunafy/contracts';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { CatalogPresenter } from '../catalog/catalog-presenter.js';
import { mediaUrl } from '../media/media-store.js';
import type { PlaylistRecord } from '../persistence/playlists.repository.js';

/** Turns playlist records into the API's playlist shape; creator names come from the in-memory catalog. */
@Injectable()
export class PlaylistPresenter extends CatalogPresenter<PlaylistRecord, Playlist> {
  protected shape(playlist: PlaylistRecord, model: CatalogModel): Playlist {
    return toPlaylist(playlist, model.username(playlist.creatorId));
  }

  /** The detail page's header: the playlist with its song count and length. */
  presentDetail(record: PlaylistRecord): PlaylistDetail {
    return this.withTotals(record, this.catalog.model.playlistTotals(record.id));
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
