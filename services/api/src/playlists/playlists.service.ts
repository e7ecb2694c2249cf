import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  PLAYLIST_ORDER_MESSAGES,
  playlistFieldsSchema,
  playlistMoveSchema,
  validate,
  type DeletedResponse,
  type PageQuery,
  type Playlist,
  type PlaylistDetail,
  type PlaylistSong,
  type PlaylistSongPlace,
  type PlaylistSongsResponse,
  type PlaylistsResponse,
  type SessionUser,
  type UserPlaylistsResponse,
} from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { requireId, requireSongRef } from '../common/ids.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { pageBody } from '../catalog/list-source.js';
import { toPageRequest } from '../catalog/page-query.js';
import type { PageRequest } from '../catalog/paging.js';
import type { SongRef } from '../catalog/ref-list.js';
import { MemoryCatalogReads } from '../catalog/reads/memory-catalog-reads.js';
import { CATALOG_READS, type CatalogReads } from '../catalog/reads/read-port.js';
import { MediaUploads } from '../media/media-uploads.js';
import { SongPresenter } from '../songs/song-presenter.js';
import type { MoveTarget } from '../catalog/playlist-store.js';
import type { CatalogChange } from '../catalog/change-feed.js';
import { PlaylistEntriesRepository } from '../persistence/playlist-entries.repository.js';
import { appendKey, planMove } from './playlist-order.js';
import { PlaylistPresenter } from './playlist-presenter.js';
import { PlaylistsRepository, type PlaylistRecord } from '../persistence/playlists.repository.js';

/** The multipart field of the create form that carries the cover file (the spec's name, kept for the UI). */
export const COVER_FIELD = 'playlist_cover_url';

/**
 * Playlists and their entries. Privacy is enforced by the read model's
 * visibility rule (someone else's private playlist reads as missing),
 * ownership here.
 */
@Injectable()
export class PlaylistsService {
  private readonly reads: CatalogReads;

  constructor(
    private readonly playlists: PlaylistsRepository,
    private readonly entries: PlaylistEntriesRepository,
    private readonly catalog: CatalogReadModel,
    private readonly uploads: MediaUploads,
    private readonly playlistPresenter: PlaylistPresenter,
    private readonly songPresenter: SongPresenter,
    // The configured read port; the unit tests that build the service by hand read their model through the memory one.
    @Optional() @Inject(CATALOG_READS) reads?: CatalogReads,
  ) {
    this.reads = reads ?? new MemoryCatalogReads(catalog);
  }

  /** Guests see public playlists only; a logged-in viewer also sees their own private ones. */
  async list(viewer: SessionUser | null, page: PageQuery): Promise<PlaylistsResponse> {
    return pageBody('playlists', await this.reads.visiblePlaylistsPage(viewer?.id ?? null, toPageRequest(page)), (rows) => this.playlistPresenter.present(rows));
  }

  /** With the song count and total length, so the playlist page needs no full song list. */
  async get(id: unknown, viewer: SessionUser): Promise<PlaylistDetail> {
    return this.playlistPresenter.presentDetail(await this.visiblePlaylist(id, viewer));
  }

  /** In playlist order (the creator's moves; added songs last); a page when `limit` is given. */
  async songsOf(id: unknown, viewer: SessionUser, page: PageQuery): Promise<PlaylistSongsResponse> {
    return this.entriesResponse(await this.visiblePlaylist(id, viewer), toPageRequest(page));
  }

  /** The Add-to-Playlist picker: a user's own playlists, private ones included, so nobody else may ask. */
  async listOwn(userId: unknown, viewer: SessionUser): Promise<UserPlaylistsResponse> {
    const id = requireId(userId, 'user');
    if (id !== viewer.id) throw ApiException.forbidden('You can only list your own playlists here.');
    return { playlists: this.playlistPresenter.present((await this.catalog.current()).playlistsByCreator(id)) };
  }

  /**
   * The creator is always the session user: the form's creator_id is dropped by
   * the schema, so nobody can create playlists in someone else's name.
   */
  async create(creator: SessionUser, body: unknown, cover: Express.Multer.File | undefined): Promise<Playlist> {
    // Text and file are judged together so the form gets every message in one answer.
    const [fields, coverCheck] = await Promise.all([
      Promise.resolve(validate(playlistFieldsSchema, body ?? {})),
      this.uploads.checkCover(cover, { field: COVER_FIELD, required: false }),
    ]);
    if (!fields.ok || !coverCheck.ok) {
      throw ApiException.validation({ ...(fields.ok ? {} : fields.errors), ...(coverCheck.ok ? {} : { [COVER_FIELD]: coverCheck.message }) });
    }

    const stored = coverCheck.upload ? await this.uploads.storeAll([coverCheck.upload]) : [];
    let record: PlaylistRecord;
    try {
      record = await this.playlists.create({
        name: fields.value.playlist_name,
        description: fields.value.description,
        isPrivate: fields.value.private,
        creatorId: creator.id,
        coverFileId: stored[0]?.id ?? null,
      });
    } catch (error) {
      // No playlist points at the cover: drop it now rather than leave it to the janitor.
      await this.uploads.discard(stored.map((file) => file.id));
      throw error;
    }
    await this.catalog.publish([{ kind: 'playlist', id: record.id }], (model) => model.putPlaylist(record));
    return this.playlistPresenter.presentOne(record);
  }

  /** Idempotent: adding a song that is already there answers the existing entry. */
  async addSong(id: unknown, viewer: SessionUser, body: unknown): Promise<PlaylistSong> {
    const playlist = await this.ownedPlaylist(id, viewer);
    const songId = requireSongRef(body);
    const song = (await this.catalog.current()).song(songId);
    if (!song) throw ApiException.notFound('Song');
    const entry = await this.catalog.underRecordLock(`entry:${playlist.id}:${song.id}`, async () => {
      // Already there: nothing to write (an insert would only meet the unique index).
      const model = await this.catalog.current();
      const known = model.playlistEntry(playlist.id, song.id);
      if (known) return { id: known.id, playlistId: playlist.id, songId: song.id, addedAt: known.at };
      // After the last entry as this copy holds it: two adds at once may share a key, and then keep the order
      // they were added in (id order breaks ties).
      const added = await this.entries.add(playlist.id, song.id, appendKey(model.playlistLastOrderKey(playlist.id)));
      // Made only when thrown: an exception captures its stack when constructed, on every add otherwise.
      const deletedMeanwhile = () => new ApiException(404, 'NOT_FOUND', 'The song or the playlist was deleted meanwhile.');
      if (!added) throw deletedMeanwhile();
      let held = true;
      await this.catalog.publish([{ kind: 'entry', playlistId: playlist.id, songId: song.id }], (model) => {
        held = model.putEntry(added);
      });
      // The song or the playlist was deleted here after the checks above: the new row would outlive it.
      if (!held) {
        await this.entries.deleteByIds([added.id]);
        throw deletedMeanwhile();
      }
      return added;
    });
    return toPlaylistSong({ id: entry.id, song, at: entry.addedAt }, playlist.id, this.songPresenter.presentOne(song));
  }

  /**
   * Answers the playlist's songs after the removal: the UI reloads the playlist
   * after a remove anyway, so this saves it the second call.
   */
  async removeSong(id: unknown, viewer: SessionUser, body: unknown): Promise<PlaylistSongsResponse> {
    const playlist = await this.ownedPlaylist(id, viewer);
    const songId = requireSongRef(body);
    await this.catalog.underRecordLock(`entry:${playlist.id}:${songId}`, async () => {
      // By id when this copy knows the entry, as unlike does (a delete by playlist and song reads every entry on the
      // embedded engine).
      const known = (await this.catalog.current()).playlistEntry(playlist.id, songId);
      const removed = (known !== null && (await this.entries.deleteById(known.id))) || (await this.entries.remove(playlist.id, songId));
      if (!removed) throw new ApiException(404, 'NOT_FOUND', 'That song is not in this playlist.');
      await this.catalog.publish([{ kind: 'entry', playlistId: playlist.id, songId }], (model) => model.deleteEntry(playlist.id, songId));
    });
    return this.entriesResponse(playlist, FIRST_PAGE);
  }

  /**
   * Moves one song of the playlist next to another (creator only). Writes the moved entry's order key, and
   * only when its new neighbours share a key the entries that share it (planMove), so a move racing with
   * another tab's moves, adds or removes never loses or duplicates a song. Moves of one playlist take turns in
   * this process, so two of them never pick the same key; across replicas they may, which is only a tie.
   */
  async moveSong(id: unknown, viewer: SessionUser, body: unknown): Promise<PlaylistSongPlace> {
    const playlist = await this.ownedPlaylist(id, viewer);
    const parsed = validate(playlistMoveSchema, body ?? {});
    if (!parsed.ok) throw ApiException.validation(parsed.errors);
    const songId = parsed.value.song_id.toLowerCase();
    const target: MoveTarget =
      parsed.value.after_song_id !== undefined
        ? { afterSongId: parsed.value.after_song_id?.toLowerCase() ?? null }
        : { beforeSongId: parsed.value.before_song_id?.toLowerCase() ?? null };
    return this.catalog.underRecordLock(`order:${playlist.id}`, () =>
      this.catalog.underRecordLock(`entry:${playlist.id}:${songId}`, async () => {
        const context = (await this.catalog.current()).playlistMoveContext(playlist.id, songId, target);
        if (context.kind === 'no-entry') throw new ApiException(404, 'NOT_FOUND', PLAYLIST_ORDER_MESSAGES.songNotInPlaylist);
        if (context.kind === 'no-anchor') {
          const field = 'afterSongId' in target ? 'after_song_id' : 'before_song_id';
          throw new ApiException(409, 'CONFLICT', PLAYLIST_ORDER_MESSAGES.anchorGone, { [field]: PLAYLIST_ORDER_MESSAGES.anchorGone });
        }
        if (context.kind === 'move') {
          const moves = planMove(context);
          const found = await this.entries.setPositions(moves.map((move) => ({ id: move.entryId, position: move.orderKey })));
          // The moved entry is first; none found means it was removed through another replica meanwhile.
          if (found === 0) throw new ApiException(404, 'NOT_FOUND', PLAYLIST_ORDER_MESSAGES.songNotInPlaylist);
          await this.catalog.publish(orderChanges(playlist.id, moves), (model) => model.moveEntries(playlist.id, moves));
        }
        const place = (await this.catalog.current()).playlistEntryPlace(playlist.id, songId);
        if (!place) throw new ApiException(404, 'NOT_FOUND', PLAYLIST_ORDER_MESSAGES.songNotInPlaylist);
        return { song_id: songId, index: place.index, total: place.total, after_song_id: place.afterSongId, before_song_id: place.beforeSongId };
      }),
    );
  }

  /**
   * The record goes first: entries and the cover are only reachable through it,
   * so a crash after that step leaves leftovers nobody can see, which the
   * janitor sweeps, never a visible playlist with missing parts. The entries go
   * by the ids the read model holds (see SongsService.delete): one added
   * through another replica that this copy has not seen is such a leftover.
   */
  async delete(id: unknown, viewer: SessionUser): Promise<DeletedResponse> {
    const playlist = await this.ownedPlaylist(id, viewer);
    // Lost a race with a concurrent delete of the same playlist: the other call owns the cleanup.
    if (!(await this.playlists.delete(playlist.id))) throw ApiException.notFound('Playlist');
    let entryIds: string[] = [];
    await this.catalog.publish([{ kind: 'playlist', id: playlist.id }], (model) => {
      entryIds = model.playlistEntryIds(playlist.id);
      model.deletePlaylist(playlist.id);
    });
    await this.entries.deleteByIds(entryIds);
    if (playlist.coverFileId) await this.uploads.discard([playlist.coverFileId]);
    return { id: playlist.id, deleted: true };
  }

  /** Someone else's private playlist is reported exactly like a missing one, so its existence does not leak. */
  private async visiblePlaylist(id: unknown, viewer: SessionUser): Promise<PlaylistRecord> {
    const playlist = await this.reads.visiblePlaylist(requireId(id, 'playlist'), viewer.id);
    if (!playlist) throw ApiException.notFound('Playlist');
    return playlist;
  }

  /** Visible but not yours (a public playlist of someone else) is 403; invisible stays 404. */
  private async ownedPlaylist(id: unknown, viewer: SessionUser): Promise<PlaylistRecord> {
    const playlist = await this.visiblePlaylist(id, viewer);
    if (playlist.creatorId !== viewer.id) throw ApiException.forbidden('Only the creator can change this playlist.');
    return playlist;
  }

  private async entriesResponse(playlist: PlaylistRecord, request: PageRequest): Promise<PlaylistSongsResponse> {
    const page = await this.reads.playlistEntries(playlist.id, request);
    if (!page) throw ApiException.notFound('Playlist');
    return pageBody('playlist_songs', page, (entries) => {
      const songs = this.songPresenter.present(entries.map((entry) => entry.song));
      return entries.map((entry, position) => toPlaylistSong(entry, playlist.id, songs[position]!));
    });
  }
}

/**
 * More re-keyed entries than this (the first move among thousands of entries from before positions) are told to
 * the other replicas as one reload instead of an `entry` change each: each such change is a database read there.
 */
export const ENTRY_CHANGES_MAX = 100;

/** What a move tells the other replicas: the entries it re-keyed, which they re-read (positions included). */
export function orderChanges(playlistId: string, moves: readonly { songId: string }[]): CatalogChange[] {
  if (moves.length > ENTRY_CHANGES_MAX) return [{ kind: 'reload' }];
  return moves.map((move) => ({ kind: 'entry', playlistId, songId: move.songId }));
}

/** What removing a song answers: the playlist's first page, which the playlist page shows next. */
const FIRST_PAGE: PageRequest = { limit: 100 };

function toPlaylistSong(entry: SongRef, playlistId: string, song: PlaylistSong['song']): PlaylistSong {
  return { id: entry.id, playlist_id: playlistId, song_id: song.id, added_at: entry.at.toISOString(), song };
}
