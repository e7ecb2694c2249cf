import { AUDIO_FORMAT_INFO, SHARE_LIMITS, type SharedItem, type SharedSong, type ShareKind } from '@tunafy/contracts';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { mediaUrl } from '../media/media-store.js';
import type { PlaylistRecord } from '../persistence/playlists.repository.js';
import type { SongRecord } from '../persistence/songs.repository.js';

/** The item a share names, as the catalog holds it now. */
export type SharedRecord = { kind: 'song'; record: SongRecord } | { kind: 'album'; record: AlbumRecord } | { kind: 'playlist'; record: PlaylistRecord };

/**
 * The item behind a share when it may still be shown: it exists and, for a playlist, is public. A playlist made
 * private reads as missing, as it does for everyone but its creator elsewhere.
 */
export function liveItem(model: CatalogModel, kind: ShareKind, itemId: string): SharedRecord | null {
  if (kind === 'song') {
    const record = model.song(itemId);
    return record && { kind, record };
  }
  if (kind === 'album') {
    const record = model.album(itemId);
    return record && { kind, record };
  }
  const record = model.visiblePlaylist(itemId, null);
  return record && { kind, record };
}

/** The item's songs in its order (album: disc and track; playlist: its order), at most SHARE_LIMITS.tracksMax. */
export function sharedSongs(model: CatalogModel, item: SharedRecord): { songs: SongRecord[]; total: number } {
  if (item.kind === 'song') return { songs: [item.record], total: 1 };
  if (item.kind === 'album') {
    const page = model.albumSongs(item.record.id, { limit: SHARE_LIMITS.tracksMax });
    return { songs: page?.items ?? [], total: page?.total ?? 0 };
  }
  const page = model.playlistEntries(item.record.id, { limit: SHARE_LIMITS.tracksMax });
  return { songs: page?.items.map((entry) => entry.song) ?? [], total: page?.total ?? 0 };
}

/** Whether the song is part of the shared item: the only songs a share streams. */
export function holdsSong(model: CatalogModel, item: SharedRecord, song: SongRecord): boolean {
  if (item.kind === 'song') return item.record.id === song.id;
  if (item.kind === 'album') return song.albumId === item.record.id && model.album(item.record.id) !== null;
  return model.playlistEntry(item.record.id, song.id) !== null;
}

/** A song's credited artists by name; its owner's username when the tags credit none. */
function songArtists(model: CatalogModel, song: SongRecord): string[] {
  const credited = (song.creditIds ?? []).flatMap((id) => model.artistName(id) ?? []);
  return credited.length > 0 ? credited : [model.username(song.artistId)];
}

export function itemName(item: SharedRecord): string {
  return item.record.name;
}

/**
 * What anyone holding the link sees (SharedItem): names, covers, credited artists and the songs with their share
 * stream URLs. Deliberately built field by field: no owner id, email, file id of audio, or other item leaks in.
 */
export function sharedItemView(model: CatalogModel, item: SharedRecord, token: string, expiresAt: Date | null): SharedItem {
  const { songs, total } = sharedSongs(model, item);
  const song = (record: SongRecord): SharedSong => ({
    id: record.id,
    name: record.name,
    artists: songArtists(model, record),
    album_name: model.albumName(record.albumId),
    duration: record.duration,
    track: record.track ?? null,
    cover_url: mediaUrl(record.coverFileId),
    stream_url: `/api/shares/${token}/songs/${record.id}/stream`,
    can_play_type: AUDIO_FORMAT_INFO[record.audioFormat ?? 'mp3'].canPlayType,
  });
  const base = { song_count: total, songs: songs.map(song), expires_at: expiresAt?.toISOString() ?? null };
  switch (item.kind) {
    case 'song':
      return { ...base, kind: 'song', name: item.record.name, by: songArtists(model, item.record), description: null, cover_url: mediaUrl(item.record.coverFileId) };
    case 'album': {
      const albumArtist = item.record.albumArtistId ? model.artistName(item.record.albumArtistId) : null;
      return { ...base, kind: 'album', name: item.record.name, by: [albumArtist ?? model.username(item.record.artistId)], description: null, cover_url: mediaUrl(item.record.coverFileId) };
    }
    case 'playlist':
      return {
        ...base,
        kind: 'playlist',
        name: item.record.name,
        by: [model.username(item.record.creatorId)],
        description: item.record.description,
        cover_url: item.record.coverFileId ? mediaUrl(item.record.coverFileId) : null,
      };
  }
}
