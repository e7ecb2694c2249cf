import { Injectable, Logger } from '@nestjs/common';
import { AlbumsRepository } from '../albums/albums.repository.js';
import { LikesRepository } from '../collection/likes.repository.js';
import { PlaylistEntriesRepository } from '../playlists/playlist-entries.repository.js';
import { PlaylistsRepository } from '../playlists/playlists.repository.js';
import { SongsRepository } from '../songs/songs.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { CatalogModel } from './catalog-model.js';
import { GarbageStride } from './memory.js';
import type { CatalogChange } from './change-feed.js';

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
    const each = <T>(what: string, rows: AsyncIterable<T>, put: (row: T) => void) =>
      step(what, async () => {
        for await (const row of rows) {
          put(row);
          stride.tick();
        }
      });
    await each('users', this.users.allUsernames(), (user) => model.putUser(user.id, user.username));
    await each('albums', this.albums.all(), (album) => model.putAlbum(album));
    // Straight into the song table as they come, ordered once at the end: no record of a song outlives its row.
    await each('songs', this.songs.all(), (song) => model.loadSong(song));
    await step('song order', async () => model.finishSongLoad());
    await each('playlists', this.playlists.all(), (playlist) => model.putPlaylist(playlist));
    await each('entries', this.entries.all(), (entry) => model.putEntry(entry));
    await each('likes', this.likes.all(), (like) => model.putLike(like));
    model.compact();
    this.logger.log(`loaded: ${timings.join(', ')}`);
    return model;
  }

  /** Re-reads what one change names and applies the database's current state, present or gone. */
  async apply(model: CatalogModel, change: CatalogChange): Promise<void> {
    switch (change.kind) {
      case 'song': {
        const song = await this.songs.findById(change.id);
        if (song) model.putSong(song);
        else model.deleteSong(change.id);
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
        if (playlist) model.putPlaylist(playlist);
        else model.deletePlaylist(change.id);
        return;
      }
      case 'entry': {
        const entry = await this.entries.find(change.playlistId, change.songId);
        if (entry) model.putEntry(entry);
        else model.deleteEntry(change.playlistId, change.songId);
        return;
      }
      case 'like': {
        const like = await this.likes.find(change.userId, change.songId);
        if (like) model.putLike(like);
        else model.deleteLike(change.userId, change.songId);
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
}
