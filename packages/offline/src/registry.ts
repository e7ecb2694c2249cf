/**
 * The download registry of one account (IndexedDB, its own database per account: docs/offline.md): what is
 * downloaded, and for each stored song which downloads hold it, so a song in two playlists is stored once and its
 * audio goes only when the last download holding it does.
 */
import { clear, createStore, del, entries, get, set, setMany, type UseStore } from 'idb-keyval';
import type { StreamQuality } from '@tunafy/contracts';
import { registryDatabaseName } from './offline-caches.js';

export type DownloadKind = 'playlist' | 'album' | 'liked';

/** What a download is of: a playlist or an album by id, or the account's Liked Songs (`id` is the account's). */
export interface DownloadTarget {
  kind: DownloadKind;
  id: string;
}

export interface DownloadRecord extends DownloadTarget {
  key: string;
  name: string;
  /** The item's cover (`*_cover_url`), null for Liked Songs. */
  cover_url: string | null;
  song_ids: string[];
  /** Bytes of its songs' audio (a song shared with another download counts in both). */
  bytes: number;
  /** The Streaming quality it was downloaded at. */
  quality: StreamQuality;
  /** ISO time of the last download or sync. */
  updated_at: string;
}

export interface StoredSong {
  song_id: string;
  bytes: number;
  /** The original file's id when the song has one (Original quality plays `/api/files/{id}`). */
  file_id: string | null;
  /** The cover URL stored with it, if any. */
  cover_key: string | null;
  /** Keys of the downloads holding it. */
  holders: string[];
}

export const downloadKey = (target: DownloadTarget) => `${target.kind}:${target.id}`;
const DOWNLOAD = 'download:';
const SONG = 'song:';

/** One account's registry; cheap to make (the database opens on first use). */
export class DownloadRegistry {
  private readonly store: UseStore;

  constructor(accountId: string) {
    this.store = createStore(registryDatabaseName(accountId), 'registry');
  }

  async downloads(): Promise<DownloadRecord[]> {
    const all = await entries<string, DownloadRecord>(this.store);
    return all.filter(([key]) => key.startsWith(DOWNLOAD)).map(([, value]) => value);
  }

  download(key: string): Promise<DownloadRecord | undefined> {
    return get<DownloadRecord>(DOWNLOAD + key, this.store);
  }

  saveDownload(record: DownloadRecord): Promise<void> {
    return set(DOWNLOAD + record.key, record, this.store);
  }

  deleteDownload(key: string): Promise<void> {
    return del(DOWNLOAD + key, this.store);
  }

  song(songId: string): Promise<StoredSong | undefined> {
    return get<StoredSong>(SONG + songId.toLowerCase(), this.store);
  }

  saveSong(song: StoredSong): Promise<void> {
    return set(SONG + song.song_id.toLowerCase(), song, this.store);
  }

  /** Several songs in one transaction (a download writes what completed since its last write). */
  saveSongs(songs: StoredSong[]): Promise<void> {
    return setMany(
      songs.map((song) => [SONG + song.song_id.toLowerCase(), song]),
      this.store,
    );
  }

  deleteSong(songId: string): Promise<void> {
    return del(SONG + songId.toLowerCase(), this.store);
  }

  /** Every stored song (a removal looks for the ones a download held, including those of a cancelled first download). */
  async songs(): Promise<StoredSong[]> {
    const all = await entries<string, StoredSong>(this.store);
    return all.filter(([key]) => key.startsWith(SONG)).map(([, value]) => value);
  }

  clear(): Promise<void> {
    return clear(this.store);
  }
}
