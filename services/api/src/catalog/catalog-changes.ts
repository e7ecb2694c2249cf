import { AlbumStore } from './album-store.js';
import { ArtistStore } from './artist-store.js';
import type { AlbumRecord, ArtistRecord, CatalogRecord, LikeRecord, PlaylistEntryRecord, PlaylistRecord, SongRecord } from '../persistence/catalog-records.js';
import { LikeStore } from './like-store.js';
import { PlaylistStore, type EntryOrder } from './playlist-store.js';
import { SongMeasures } from './song-measures.js';
import { SongStore } from './song-store.js';
import { SongTable } from './song-table.js';
import { UserStore } from './user-store.js';

/** What a list answer depends on, bumped by every change that can alter it (keys of cached full lists). */
export interface ListVersions {
  songs: number;
  albums: number;
}

/**
 * The catalog's stores, one per kind of record (songs in a columnar table, albums, playlists with their entries,
 * likes, users, credited artists), and the changes that span them: what a load, this process's writes and other
 * replicas' changes (the change feed) apply. CatalogModel adds the reads.
 *
 * References whose target is missing (a like of a deleted song that a racing write left behind) are ignored rather
 * than stored: reads never see a dangling reference, and the janitor removes the row from the database.
 */
export abstract class CatalogChanges {
  readonly versions: ListVersions = { songs: 0, albums: 0 };
  protected readonly table = new SongTable();
  /** Credited artists (docs/artists.md) and each song's credits. */
  protected readonly credits = new ArtistStore(this.table);
  protected readonly userStore = new UserStore();
  protected readonly albumStore = new AlbumStore(this.table, this.credits);
  protected readonly songStore = new SongStore(this.table, this.userStore, this.albumStore, this.credits);
  protected readonly playlistStore = new PlaylistStore(this.songStore);
  protected readonly likeStore = new LikeStore(this.songStore);
  protected readonly measures = new SongMeasures(this.table, () => this.versions.songs);

  putUser(id: string, username: string): void {
    if (!this.userStore.put(id, username)) return;
    this.versions.songs++;
    this.versions.albums++;
  }

  putArtist(next: ArtistRecord): void {
    this.credits.put(next);
    this.versions.songs++;
    this.versions.albums++;
  }

  /** Adds or updates a song; a song whose album is unknown is kept with no album (the album's delete is on its way). */
  putSong(next: SongRecord): SongRecord {
    const record = this.songStore.put(next);
    this.versions.songs++;
    return record;
  }

  /** The loader's way in: songs appended unordered, put in order once by finishSongLoad(). Every song's id must be new. */
  loadSong(next: SongRecord): void {
    this.songStore.load(next);
  }

  finishSongLoad(): void {
    if (this.songStore.finishLoad()) this.versions.songs++;
  }

  countPlay(songId: string): void {
    this.songStore.countPlay(songId);
  }

  /** Removes the song with every reference to it (album, playlist entries, likes), as the database delete does. */
  deleteSong(id: string): void {
    const slot = this.table.slotOf(id);
    if (slot < 0) return;
    this.playlistStore.removeSong(slot);
    this.likeStore.removeSong(slot);
    this.songStore.delete(slot);
    this.versions.songs++;
  }

  putAlbum(next: AlbumRecord): void {
    this.albumStore.put(next);
    this.versions.albums++;
    // Song rows show the album's name.
    this.versions.songs++;
  }

  /** Its songs stay, with no album. */
  deleteAlbum(id: string): void {
    const handle = this.albumStore.delete(id);
    if (handle === undefined) return;
    this.measures.forgetAlbum(handle);
    this.versions.albums++;
    this.versions.songs++;
  }

  putPlaylist(next: PlaylistRecord): void {
    this.playlistStore.put(next);
  }

  deletePlaylist(id: string): void {
    this.playlistStore.delete(id);
  }

  /** Adds the entry or moves it to its key's place; false when its song or playlist is gone (see PlaylistStore.putEntry). */
  putEntry(entry: PlaylistEntryRecord): boolean {
    return this.playlistStore.putEntry(entry);
  }

  /** Gives entries new order keys; an entry no longer held (removed meanwhile) is skipped, never added back. */
  moveEntries(playlistId: string, moves: readonly EntryOrder[]): void {
    this.playlistStore.moveEntries(playlistId, moves);
  }

  deleteEntry(playlistId: string, songId: string): void {
    this.playlistStore.deleteEntry(playlistId, songId);
  }

  /** False when the song is gone: the row is an orphan (see CatalogLoader.apply). */
  putLike(like: LikeRecord): boolean {
    return this.likeStore.put(like);
  }

  deleteLike(userId: string, songId: string): void {
    this.likeStore.delete(userId, songId);
  }

  /**
   * Takes one record of a load, the database's or a snapshot's, in the order `records()` gives them: songs go straight
   * into the table (loadSong), and their order is settled once, before the first record that refers to them.
   */
  loadRecord({ kind, record }: CatalogRecord): void {
    if (kind !== 'song') this.finishSongLoad();
    switch (kind) {
      case 'user':
        return this.putUser(record.id, record.username);
      case 'artist':
        return this.credits.put(record);
      case 'album':
        return this.putAlbum(record);
      case 'song':
        return this.loadSong(record);
      case 'playlist':
        return this.putPlaylist(record);
      case 'entry':
        this.putEntry(record);
        return;
      case 'like':
        this.putLike(record);
        return;
    }
  }

  /**
   * Every record the copy holds, in the order a load puts them in (users, artists, albums, songs, playlists, entries,
   * likes), made one at a time: what a snapshot stores (catalog-snapshot.ts), without a second copy in memory.
   */
  *records(): Generator<CatalogRecord> {
    for (const record of this.userStore.records()) yield { kind: 'user', record };
    for (const record of this.credits.records()) yield { kind: 'artist', record };
    for (const record of this.albumStore.records()) yield { kind: 'album', record };
    for (const record of this.songStore.records()) yield { kind: 'song', record };
    for (const record of this.playlistStore.records()) yield { kind: 'playlist', record };
    for (const record of this.playlistStore.entryRecords()) yield { kind: 'entry', record };
    for (const record of this.likeStore.records()) yield { kind: 'like', record };
  }

  /**
   * Drops the spare capacity lists keep for growth, once, after the load: at a million songs that slack is tens of
   * megabytes of a budget the catalog must fit in (decision 0011).
   */
  compact(): void {
    this.songStore.compact();
    this.albumStore.compact();
    this.playlistStore.compact();
    this.likeStore.compact();
    this.userStore.compact();
    this.credits.compact();
  }
}
