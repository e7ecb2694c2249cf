import { AUDIO_FORMAT_INFO, VARIOUS_ARTISTS, artistKey, type ArtistRef } from '@tunafy/contracts';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import type { CatalogModel } from '../catalog/catalog-model.js';
import type { ArtistListing } from '../catalog/reads/read-port.js';
import type { PlaylistRecord } from '../persistence/playlists.repository.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { subsonicReplayGain } from '../persistence/loudness-values.js';

/** File name suffixes Subsonic clients expect per stored format (they pick players and offline file names by it). */
const SUFFIXES = { mp3: 'mp3', aac: 'm4a', alac: 'm4a', flac: 'flac', vorbis: 'ogg', opus: 'opus', wav: 'wav' } as const;

/** A Subsonic artist: a credited artist, or an owning account standing in for music its tags credit to no one. */
export interface SubsonicArtist {
  id: string;
  name: string;
  sortName: string;
  albumCount: number;
  coverArt?: string;
  musicBrainzId?: string;
}

const iso = (time: Date | number) => new Date(time).toISOString();
const pathPart = (text: string) => text.replace(/[/\\:*?"<>|]/gu, '_').slice(0, 120) || '_';

/**
 * The catalog as Subsonic clients see it (docs/subsonic.md, "The model"), for one user (stars are their likes).
 * Music whose tags credit no artist shows under its owner's username, the way the web app shows it, with the
 * account's id as the artist id (ids of accounts and artists never collide: both are ObjectIds).
 */
export class SubsonicView {
  constructor(
    readonly model: CatalogModel,
    readonly userId: string,
  ) {}

  songArtists(song: SongRecord): ArtistRef[] {
    const credited = song.creditIds?.flatMap((id) => {
      const name = this.model.artistName(id);
      return name === null ? [] : [{ id, name }];
    });
    return credited?.length ? credited : [{ id: song.artistId, name: this.model.username(song.artistId) }];
  }

  albumArtist(album: AlbumRecord): ArtistRef {
    const name = album.albumArtistId ? this.model.artistName(album.albumArtistId) : null;
    return name !== null && album.albumArtistId ? { id: album.albumArtistId, name } : { id: album.artistId, name: this.model.username(album.artistId) };
  }

  child(song: SongRecord) {
    const format = song.audioFormat ?? 'mp3';
    const artists = this.songArtists(song);
    const album = song.albumId ? this.model.album(song.albumId) : null;
    const albumArtists = album ? [this.albumArtist(album)] : artists;
    const displayArtist = artists.map((artist) => artist.name).join(', ');
    const starred = this.model.like(this.userId, song.id)?.at;
    return {
      id: song.id,
      parent: song.albumId ?? artists[0]!.id,
      isDir: false,
      title: song.name,
      album: album?.name,
      artist: displayArtist,
      track: song.track,
      year: song.year,
      genre: song.genre,
      coverArt: song.coverFileId,
      contentType: AUDIO_FORMAT_INFO[format].contentType,
      suffix: SUFFIXES[format],
      duration: Math.round(song.duration),
      path: `${pathPart(albumArtists[0]!.name)}/${pathPart(album?.name ?? 'Singles')}/${pathPart(song.name)}.${SUFFIXES[format]}`,
      isVideo: false,
      playCount: song.plays,
      discNumber: song.disc,
      created: iso(song.createdAt),
      starred: starred && iso(starred),
      albumId: song.albumId ?? undefined,
      artistId: artists[0]!.id,
      type: 'music',
      mediaType: 'song',
      sortName: song.name,
      genres: song.genre ? [{ name: song.genre }] : [],
      artists,
      displayArtist,
      albumArtists,
      displayAlbumArtist: albumArtists.map((artist) => artist.name).join(', '),
      // Always present (OpenSubsonic), empty until the song's loudness is known.
      replayGain: subsonicReplayGain(this.model.songLoudness(song)),
    };
  }

  album(album: AlbumRecord) {
    const artist = this.albumArtist(album);
    const { songCount, totalDuration } = this.model.albumTotals(album.id);
    const year = this.model.albumYear(album.id);
    return {
      id: album.id,
      name: album.name,
      artist: artist.name,
      artistId: artist.id,
      coverArt: album.coverFileId,
      songCount,
      duration: Math.round(totalDuration),
      created: iso(album.createdAt),
      year: year ?? undefined,
      sortName: album.name,
      artists: [artist],
      displayArtist: artist.name,
      isCompilation: artist.name === VARIOUS_ARTISTS,
      genres: [],
    };
  }

  /** An album as the folder-era calls show it (getMusicDirectory, getAlbumList, search2): a directory under its artist. */
  albumDirectory(album: AlbumRecord) {
    const { id, name, artist, artistId, coverArt, year, created, duration } = this.album(album);
    return { id, parent: artistId, isDir: true, title: name, album: name, artist, year, coverArt, created, duration };
  }

  /** The album with its songs in album order (as the read port answers them). */
  albumWithSongs(album: AlbumRecord, songs: SongRecord[]) {
    return { ...this.album(album), song: songs.map((song) => this.child(song)) };
  }

  artist(artist: SubsonicArtist) {
    return { id: artist.id, name: artist.name, coverArt: artist.coverArt, albumCount: artist.albumCount, sortName: artist.sortName, musicBrainzId: artist.musicBrainzId };
  }

  playlist(playlist: PlaylistRecord) {
    const { songCount, totalDuration } = this.model.playlistTotals(playlist.id);
    return {
      id: playlist.id,
      name: playlist.name,
      comment: playlist.description ?? undefined,
      owner: this.model.username(playlist.creatorId),
      public: !playlist.isPrivate,
      songCount,
      duration: Math.round(totalDuration),
      created: iso(playlist.createdAt),
      changed: iso(playlist.createdAt),
      coverArt: playlist.coverFileId ?? undefined,
      readonly: playlist.creatorId !== this.userId,
    };
  }
}

/** A credited artist as Subsonic lists it, its picture its first album's or song's cover. */
export function creditedArtist({ record, albumCount, pictureFileId }: ArtistListing): SubsonicArtist {
  return {
    id: record.id,
    name: record.name,
    sortName: record.sortName ?? record.name,
    albumCount,
    coverArt: pictureFileId ?? undefined,
    musicBrainzId: record.mbid,
  };
}

/** Sorting key of an artist's sort name, as the web's A–Z list keys it. */
export const sortKeyOf = (artist: SubsonicArtist) => artistKey(artist.sortName);
