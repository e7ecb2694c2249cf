import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  albumFieldsSchema,
  songRefSchema,
  validate,
  type Album,
  type AlbumDetail,
  type AlbumSongsResponse,
  type DeletedResponse,
  type PageQuery,
  type SessionUser,
} from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { requireId } from '../common/ids.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { catalogListSource, pageBody, type ListSource } from '../catalog/list-source.js';
import { MemoryCatalogReads } from '../catalog/reads/memory-catalog-reads.js';
import { CATALOG_READS, type CatalogReads } from '../catalog/reads/read-port.js';
import { toPageRequest } from '../catalog/page-query.js';
import type { PageRequest } from '../catalog/paging.js';
import { MediaUploads } from '../media/media-uploads.js';
import { SharedCovers } from '../media/shared-covers.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { SongsRepository, type SongRecord } from '../persistence/songs.repository.js';
import { invalidForm } from '../common/upload-errors.js';
import { AlbumPresenter } from './album-presenter.js';
import { AlbumsRepository, type AlbumRecord } from '../persistence/albums.repository.js';

export const ALBUM_COVER_FIELD = 'album_cover_url';

/** What adding or removing a song answers: the album's first page, which the album page shows next. */
const FIRST_PAGE: PageRequest = { limit: 100 };

/**
 * Albums: reads, and writes with their ownership rules. As with songs there
 * are no transactions, so each write is ordered to leave a valid state after
 * every step (files stored before they are referenced, discarded after).
 */
@Injectable()
export class AlbumsService {
  private readonly reads: CatalogReads;

  constructor(
    private readonly albums: AlbumsRepository,
    private readonly songs: SongsRepository,
    private readonly presenter: AlbumPresenter,
    private readonly songPresenter: SongPresenter,
    private readonly catalog: CatalogReadModel,
    private readonly uploads: MediaUploads,
    private readonly covers: SharedCovers,
    // The configured read port; the unit tests that build the service by hand read their model through the memory one.
    @Optional() @Inject(CATALOG_READS) reads?: CatalogReads,
  ) {
    this.reads = reads ?? new MemoryCatalogReads(catalog);
  }

  /** Oldest first: the whole list (the home page's, guests included) or any page of it, as the HTTP edge asks. */
  async list(): Promise<ListSource<AlbumRecord>> {
    return catalogListSource(await this.catalog.current(), 'albums', (request) => this.reads.albumsPage(request), (rows) => this.presenter.present(rows));
  }

  /** With the song count and total length, so the album page needs no full song list. */
  async get(id: unknown): Promise<AlbumDetail> {
    return this.presenter.presentDetail(await this.find(id));
  }

  /** The album's songs, by id; a page when `limit` is given (the UI always pages: albums can hold thousands). */
  async songsOf(id: unknown, page: PageQuery): Promise<AlbumSongsResponse> {
    const album = await this.find(id);
    return this.songsResponse(album.id, toPageRequest(page));
  }

  /** The user's own albums (the Add-to-Album picker); a bare array, as the spec's client expects. */
  async listOwn(userId: unknown, user: SessionUser): Promise<Album[]> {
    const id = requireId(userId, 'user');
    if (id !== user.id) throw ApiException.forbidden('You can only list your own albums here.');
    return this.presenter.present((await this.catalog.current()).albumsByArtist(id));
  }

  /** The artist is the session user; an artist_id in the form is ignored. */
  async create(user: SessionUser, body: Record<string, unknown>, coverFile: Express.Multer.File | undefined): Promise<Album> {
    const [fields, cover] = await Promise.all([
      Promise.resolve(validate(albumFieldsSchema, body)),
      this.uploads.checkCover(coverFile, { field: ALBUM_COVER_FIELD, required: true }),
    ]);
    const errors: Record<string, string> = fields.ok ? {} : { ...fields.errors };
    if (!cover.ok) errors[ALBUM_COVER_FIELD] = cover.message;
    if (!fields.ok || !cover.ok || !cover.upload) throw invalidForm(errors);

    const [stored] = await this.uploads.storeAll([cover.upload]);
    let record: AlbumRecord;
    try {
      record = await this.albums.create({ name: fields.value.album_name, artistId: user.id, coverFileId: stored!.id });
    } catch (error) {
      await this.uploads.discard([stored!.id]);
      throw error;
    }
    await this.catalog.publish([{ kind: 'album', id: record.id }], (model) => model.putAlbum(record));
    return this.presenter.presentOne(record);
  }

  /** Renames, and replaces the cover when one is sent; the old cover goes only once the album points at the new one. */
  async update(user: SessionUser, id: unknown, body: Record<string, unknown>, coverFile: Express.Multer.File | undefined): Promise<Album> {
    const album = await this.findOwn(user, id);
    const [fields, cover] = await Promise.all([
      Promise.resolve(validate(albumFieldsSchema, body)),
      this.uploads.checkCover(coverFile, { field: ALBUM_COVER_FIELD, required: false }),
    ]);
    const errors: Record<string, string> = fields.ok ? {} : { ...fields.errors };
    if (!cover.ok) errors[ALBUM_COVER_FIELD] = cover.message;
    if (!fields.ok || !cover.ok) throw invalidForm(errors);

    const stored = cover.upload ? (await this.uploads.storeAll([cover.upload]))[0]! : null;
    const patch = { name: fields.value.album_name, ...(stored ? { coverFileId: stored.id } : {}) };
    // Serialized per album, so racing updates reach the copy in the order the database took them.
    const previous = await this.catalog.underRecordLock(`album:${album.id}`, async () => {
      let before: AlbumRecord | null;
      try {
        before = await this.albums.updateReturningPrevious(album.id, patch);
      } catch (error) {
        if (stored) await this.uploads.discard([stored.id]);
        throw error;
      }
      if (!before) {
        if (stored) await this.uploads.discard([stored.id]);
        throw ApiException.notFound('Album');
      }
      const updated = { ...before, ...patch };
      await this.catalog.publish([{ kind: 'album', id: album.id }], (model) => model.putAlbum(updated));
      return before;
    });
    // An imported album's songs may share the old cover (SharedCovers): a shared one goes when the janitor finds it unused.
    if (stored && previous.coverFileId !== stored.id) await this.covers.release([previous.coverFileId]);
    return this.presenter.presentOne({ ...previous, ...patch });
  }

  /**
   * Puts one of the user's songs into one of their albums. A song is in at
   * most one album, so adding moves it; adding it again changes nothing.
   * Answers the album's songs after the change, which is what the album page
   * shows next, so the client needs no second call.
   */
  async addSong(user: SessionUser, id: unknown, body: Record<string, unknown>): Promise<AlbumSongsResponse> {
    const album = await this.findOwn(user, id);
    const song = await this.findSongRef(body);
    if (song.artistId !== user.id) throw ApiException.forbidden('You can only add your own songs to an album.');
    if (song.albumId !== album.id) {
      await this.catalog.underRecordLock(`song:${song.id}`, async () => {
        // A song deleted since we read it must not come back in the copy.
        if (!(await this.songs.setAlbum(song.id, album.id))) throw ApiException.notFound('Song');
        await this.catalog.publish([{ kind: 'song', id: song.id }], (model) => model.putSong({ ...song, albumId: album.id }));
      });
    }
    return this.songsResponse(album.id, FIRST_PAGE);
  }

  /**
   * Takes a song out of the album; 404 when it is not in this album (already
   * removed, or never there), which leaves the state unchanged either way.
   * Answers the album's remaining songs.
   */
  async removeSong(user: SessionUser, id: unknown, body: Record<string, unknown>): Promise<AlbumSongsResponse> {
    const album = await this.findOwn(user, id);
    const song = await this.findSongRef(body);
    await this.catalog.underRecordLock(`song:${song.id}`, async () => {
      // Conditional on the album, so a concurrent move to another album is not undone.
      if (!(await this.songs.detachFromAlbum(song.id, album.id))) throw ApiException.notFound('Song in this album');
      await this.catalog.publish([{ kind: 'song', id: song.id }], (model) => model.putSong({ ...song, albumId: null }));
    });
    return this.songsResponse(album.id, FIRST_PAGE);
  }

  /**
   * Detaches the songs first (they stay, with no album), then deletes the
   * record, then the cover: every step leaves songs pointing only at albums
   * that exist and albums pointing only at files that exist. The songs are
   * the ones the read model holds (by id: see SongsRepository). A song added
   * to the album meanwhile (a move serializes on the song, not the album, or
   * came through another replica this copy has not caught up with) is left
   * pointing at the deleted album, as before this went by id: the read model
   * takes an unknown album as none, and the next move overwrites it.
   */
  async delete(user: SessionUser, id: unknown): Promise<DeletedResponse> {
    const album = await this.findOwn(user, id);
    await this.catalog.underRecordLock(`album:${album.id}`, async () => {
      // Without a limit, the whole album.
      const songIds = (await this.catalog.current()).albumSongs(album.id, {})?.items.map((song) => song.id) ?? [];
      await this.songs.detachAllFromAlbum(songIds, album.id);
      await this.albums.delete(album.id);
      await this.catalog.publish([{ kind: 'album', id: album.id }], (model) => model.deleteAlbum(album.id));
    });
    // Songs of an imported album keep showing its cover when they share the file (SharedCovers): a shared one goes when the janitor finds it unused.
    await this.covers.release([album.coverFileId]);
    return { id: album.id, deleted: true };
  }

  private async songsResponse(albumId: string, request: PageRequest): Promise<AlbumSongsResponse> {
    const page = await this.reads.albumSongs(albumId, request);
    if (!page) throw ApiException.notFound('Album');
    return pageBody('songs', page, (rows) => this.songPresenter.present(rows));
  }

  private async find(id: unknown): Promise<AlbumRecord> {
    const albumId = requireId(id, 'album');
    const album = (await this.catalog.current()).album(albumId);
    if (!album) throw ApiException.notFound('Album');
    return album;
  }

  private async findOwn(user: SessionUser, id: unknown): Promise<AlbumRecord> {
    const album = await this.find(id);
    if (album.artistId !== user.id) throw ApiException.forbidden('Only the artist can change this album.');
    return album;
  }

  private async findSongRef(body: Record<string, unknown>): Promise<SongRecord> {
    const ref = validate(songRefSchema, body ?? {});
    if (!ref.ok) throw ApiException.validation(ref.errors);
    const song = (await this.catalog.current()).song(ref.value.song_id.toLowerCase());
    if (!song) throw ApiException.notFound('Song');
    return song;
  }
}
