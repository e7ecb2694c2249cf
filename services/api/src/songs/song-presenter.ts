import { Injectable } from '@nestjs/common';
import type { ArtistRef, Song, SongLoudness } from '@tunafy/contracts';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { CatalogPresenter } from '../catalog/catalog-presenter.js';
import { mediaUrl } from '../media/media-store.js';
import type { SongRecord } from '../persistence/songs.repository.js';

/** Turns song records into the API's song shape; artist and album names come from the in-memory catalog. */
@Injectable()
export class SongPresenter extends CatalogPresenter<SongRecord, Song> {
  protected shape(song: SongRecord, model: CatalogModel): Song {
    return toSong(song, model.username(song.artistId), model.albumName(song.albumId), artistRefs(song.creditIds, model), model.songLoudness(song));
  }
}

/** The credited artists' ids as links (an artist this copy does not hold yet is left out). */
export function artistRefs(ids: readonly string[] | undefined, model: CatalogModel): ArtistRef[] {
  if (!ids) return [];
  return ids.flatMap((id) => {
    const name = model.artistName(id);
    return name === null ? [] : [{ id, name }];
  });
}

export function toSong(song: SongRecord, artistUsername: string, albumName: string | null, artists: ArtistRef[], loudness: SongLoudness | null): Song {
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
    created_at: new Date(song.createdAt).toISOString(),
    audio_format: song.audioFormat ?? 'mp3',
    track: song.track ?? null,
    disc: song.disc ?? null,
    year: song.year ?? null,
    genre: song.genre ?? null,
    artists,
    loudness,
    has_lyrics: song.lyricsAt !== undefined,
  };
}
