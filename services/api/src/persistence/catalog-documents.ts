import { ObjectId } from 'mongodb';
import type { AlbumRecord, ArtistRecord, PlaylistRecord, SongRecord } from './catalog-records.js';

// The stored shapes the MongoDB adapter reads, and their records as the repositories make them. The repositories'
// mappers live in the feature folders, which the catalog may not import (docs/architecture.md); until issue 29's
// persistence layer brings them under the catalog, the contract suite holds these to the same records.

export interface SongDocument {
  _id: ObjectId;
  song_name: string;
  artist_id: ObjectId;
  album_id: ObjectId | null;
  cover_file_id: ObjectId;
  audio_file_id: ObjectId;
  duration: number;
  plays?: number;
  created_at: Date;
  audio_format?: SongRecord['audioFormat'] | null;
  disc?: number | null;
  track?: number | null;
  year?: number | null;
  genre?: string | null;
  credit_ids?: ObjectId[] | null;
  loudness?: { track_lufs?: number | null; track_peak_db?: number | null; album_lufs?: number | null; album_peak_db?: number | null } | null;
  lyrics_at?: Date | null;
}

export interface AlbumDocument {
  _id: ObjectId;
  album_name: string;
  artist_id: ObjectId;
  cover_file_id: ObjectId;
  created_at: Date;
  album_artist_id?: ObjectId | null;
}

export interface ArtistDocument {
  _id: ObjectId;
  name: string;
  key: string;
  sort_name?: string | null;
  musicbrainz_id?: string | null;
  /** artistSortKey (artist-sort-key.ts): stored for the MongoDB adapter's A–Z pages; the in-memory model computes it. */
  sort_key?: string | null;
}

export interface PlaylistDocument {
  _id: ObjectId;
  playlist_name: string;
  description?: string | null;
  private?: boolean;
  creator_id: ObjectId;
  cover_file_id?: ObjectId | null;
  created_at: Date;
}

export interface EntryDocument {
  _id: ObjectId;
  playlist_id: ObjectId;
  song_id: ObjectId;
  added_at: Date;
  position?: string | null;
}

export interface LikeDocument {
  _id: ObjectId;
  user_id: ObjectId;
  song_id: ObjectId;
  liked_at: Date;
}

/** How a loudness and a peak in dB become the record's packed number (loudness/loudness-values.ts, handed in by the wiring). */
export type PackLoudness = (lufs: number, peakDb: number) => number;

const hex = (id: ObjectId) => id.toHexString();

/** A well-formed id as the database holds it; null for anything else (which names no record). */
export function objectIdOf(id: string): ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null;
}

export function songRecordOf(doc: SongDocument, packLoudness: PackLoudness): SongRecord {
  const record: SongRecord = {
    id: hex(doc._id),
    name: doc.song_name,
    artistId: hex(doc.artist_id),
    albumId: doc.album_id ? hex(doc.album_id) : null,
    coverFileId: hex(doc.cover_file_id),
    audioFileId: hex(doc.audio_file_id),
    duration: doc.duration,
    plays: doc.plays ?? 0,
    createdAt: doc.created_at.getTime(),
  };
  if (doc.audio_format) record.audioFormat = doc.audio_format;
  if (doc.disc != null) record.disc = doc.disc;
  if (doc.track != null) record.track = doc.track;
  if (doc.year != null) record.year = doc.year;
  if (doc.genre != null) record.genre = doc.genre;
  if (doc.credit_ids?.length) record.creditIds = doc.credit_ids.map(hex);
  const loudness = doc.loudness;
  if (loudness?.track_lufs != null && loudness.track_peak_db != null) record.loudness = packLoudness(loudness.track_lufs, loudness.track_peak_db);
  if (loudness?.album_lufs != null && loudness.album_peak_db != null) record.albumLoudness = packLoudness(loudness.album_lufs, loudness.album_peak_db);
  if (doc.lyrics_at) record.lyricsAt = doc.lyrics_at.getTime();
  return record;
}

export function albumRecordOf(doc: AlbumDocument): AlbumRecord {
  return {
    id: hex(doc._id),
    name: doc.album_name,
    artistId: hex(doc.artist_id),
    coverFileId: hex(doc.cover_file_id),
    createdAt: doc.created_at,
    ...(doc.album_artist_id ? { albumArtistId: hex(doc.album_artist_id) } : {}),
  };
}

export function artistRecordOf(doc: Pick<ArtistDocument, '_id' | 'name' | 'key' | 'sort_name' | 'musicbrainz_id'>): ArtistRecord {
  const record: ArtistRecord = { id: hex(doc._id), name: doc.name, key: doc.key };
  if (doc.sort_name) record.sortName = doc.sort_name;
  if (doc.musicbrainz_id) record.mbid = doc.musicbrainz_id;
  return record;
}

export function playlistRecordOf(doc: PlaylistDocument): PlaylistRecord {
  return {
    id: hex(doc._id),
    name: doc.playlist_name,
    description: doc.description ?? null,
    isPrivate: doc.private === true,
    creatorId: hex(doc.creator_id),
    coverFileId: doc.cover_file_id ? hex(doc.cover_file_id) : null,
    createdAt: doc.created_at,
  };
}
