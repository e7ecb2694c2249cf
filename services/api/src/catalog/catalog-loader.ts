import { Injectable, Logger } from '@nestjs/common';
import { AlbumsRepository } from '../persistence/albums.repository.js';
import { ArtistsRepository } from '../persistence/artists.repository.js';
import { LikesRepository } from '../persistence/likes.repository.js';
import { PlaylistEntriesRepository } from '../persistence/playlist-entries.repository.js';
import { PlaylistsRepository } from '../persistence/playlists.repository.js';
import { SongsRepository } from '../persistence/songs.repository.js';
import { UsersRepository } from '../persistence/users.repository.js';
import { CatalogModel } from './catalog-model.js';
import type { CatalogRecord } from '../persistence/catalog-records.js';
import { collectGarbage, GarbageStride } from './memory.js';
import type { CatalogChange } from './change-feed.js';

/** Rows of likes and playlist entries to delete, by id. */
interface Orphans {
  entryIds?: readonly string[];
  likeIds?: readonly string[];
}

/** Documents read between two full collections while loading (see collectGarbage). */
const LOAD_GC_STRIDE = 25_000;

/**
 * Reads the catalog from the database into a CatalogModel: everything once
 * at start (each collection streamed in batches, in the order that lets every
 * reference find its target), or the records one change names.
 */
@Injectable()
export class CatalogLoader {
  private readonly logger = new Logger('Catalog');

  constructor(
    private readonly users: UsersRepository,
    private readonly songs: SongsRepository,
    private readonly albums: AlbumsRepository,
    private readonly artists: ArtistsRepository,
    private readonly playlists: PlaylistsRepository,
    private readonly entries: PlaylistEntriesRepository,
    private readonly likes: LikesRepository,
  ) {}

  async loadAll(): Promise<CatalogModel> {
    const model = new CatalogModel();
    const stride = new GarbageStride(LOAD_GC_STRIDE);
    const timings: string[] = [];
    const step = async (what: string, load: () => Promise<void>) => {
      const started = Date.now();
      await load();
      timings.push(`${what} ${Date.now() - started} ms`);
    };
    const each = <K extends CatalogRecord['kind']>(what: string, kind: K, rows: AsyncIterable<Extract<CatalogRecord, { kind: K }>['record']>) =>
      step(what, async () => {
        for await (const record of rows) {
          model.loadRecord({ kind, record } as CatalogRecord);
          stride.tick();
        }
      });
    await each('users', 'user', this.users.allUsernames());
    await each('artists', 'artist', this.artists.all());
    await each('albums', 'album', this.albums.all());
    // Straight into the song table as they come, ordered once at the end: no record of a song outlives its row.
    await each('songs', 'song', this.songs.all());
    await step('song order', async () => model.finishSongLoad());
    await each('playlists', 'playlist', this.playlists.all());
    await each('entries', 'entry', this.entries.all());
    await each('likes', 'like', this.likes.all());
    model.compact();
    // The lists compact() replaced, and the last stride's documents: garbage a process that goes idle keeps resident.
    collectGarbage();
    this.logger.log(`loaded: ${timings.join(', ')}`);
    return model;
  }

  /** Builds a copy from records in the order `CatalogModel.records()` gives them (a snapshot, catalog-snapshot.ts). */
  async loadRecords(records: AsyncIterable<CatalogRecord>): Promise<CatalogModel> {
    const model = new CatalogModel();
    const stride = new GarbageStride(LOAD_GC_STRIDE);
    for await (const record of records) {
      model.loadRecord(record);
      stride.tick();
    }
    model.finishSongLoad();
    model.compact();
    collectGarbage();
    return model;
  }

  /**
   * Re-reads what one change names and applies the database's current state, present or gone.
   *
   * A like or playlist entry written while its song (or playlist) was being deleted can outlive it: the delete
   * removes the references its replica's copy holds, and one being written at that moment, or written through
   * another replica this copy has not heard from, is not among them. Whichever replica's copy meets such an
   * orphan deletes its row here: on a delete, the references this copy held; on a reference, one whose song or
   * playlist this copy no longer has. Deletes go by `_id`, so replicas doing the same are harmless, and nothing
   * waits for the janitor's next sweep.
   */
  async apply(model: CatalogModel, change: CatalogChange): Promise<void> {
    switch (change.kind) {
      case 'song': {
        const song = await this.songs.findById(change.id);
        if (song) {
          model.putSong(song);
          return;
        }
        const orphans = model.songReferences(change.id);
        model.deleteSong(change.id);
        await this.deleteOrphans(orphans);
        return;
      }
      case 'album': {
        const album = await this.albums.findById(change.id);
        if (album) model.putAlbum(album);
        else model.deleteAlbum(change.id);
        return;
      }
      case 'playlist': {
        const playlist = await this.playlists.findById(change.id);
        if (playlist) {
          model.putPlaylist(playlist);
          return;
        }
        const orphans = model.playlistEntryIds(change.id);
        model.deletePlaylist(change.id);
        await this.deleteOrphans({ entryIds: orphans });
        return;
      }
      case 'entry': {
        const entry = await this.entries.find(change.playlistId, change.songId);
        if (!entry) model.deleteEntry(change.playlistId, change.songId);
        else await this.placeReference(model, () => model.putEntry(entry), { entryIds: [entry.id] }, change.songId, change.playlistId);
        return;
      }
      case 'like': {
        const like = await this.likes.find(change.userId, change.songId);
        if (!like) model.deleteLike(change.userId, change.songId);
        else await this.placeReference(model, () => model.putLike(like), { likeIds: [like.id] }, change.songId);
        return;
      }
      case 'artist': {
        // Artists are never deleted (one with no song or album is only left out of lists).
        const artist = await this.artists.findById(change.id);
        if (artist) model.putArtist(artist);
        return;
      }
      case 'user': {
        const user = await this.users.findById(change.id);
        if (user) model.putUser(user.id, user.username);
        return;
      }
      case 'reload':
        throw new Error('a reload is not applied change by change');
    }
  }

  /**
   * Puts a like or entry into the copy. One it cannot place is an orphan only if its song (or playlist) is really
   * gone, not when the copy never heard of them (their change was not logged: the database went away just then):
   * they are read from the database and put in, and the reference tried again; its row is deleted only if they are gone.
   */
  private async placeReference(model: CatalogModel, put: () => boolean, orphan: Orphans, songId: string, playlistId?: string): Promise<void> {
    if (put()) return;
    const [song, playlist] = await Promise.all([this.songs.findById(songId), playlistId ? this.playlists.findById(playlistId) : undefined]);
    if (song) model.putSong(song);
    if (playlist) model.putPlaylist(playlist);
    if (song && playlist !== null && put()) return;
    await this.deleteOrphans(orphan);
  }

  /** Rows of references whose song or playlist is gone (see apply). */
  private async deleteOrphans({ entryIds = [], likeIds = [] }: Orphans): Promise<void> {
    if (entryIds.length > 0) await this.entries.deleteByIds(entryIds);
    if (likeIds.length > 0) await this.likes.deleteByIds(likeIds);
  }
}
