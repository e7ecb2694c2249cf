import { Injectable } from '@nestjs/common';
import {
  playlistFieldsSchema,
  validate,
  type DeletedResponse,
  type PageQuery,
  type Playlist,
  type PlaylistSong,
  type PlaylistSongsResponse,
  type PlaylistsResponse,
  type SessionUser,
  type UserPlaylistsResponse,
} from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { requireId, requireSongRef } from '../common/ids.js';
import { decodeCursor, nextCursor } from '../common/paging.js';
import { MediaUploads } from '../media/media-uploads.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { SongsRepository } from '../songs/songs.repository.js';
import { PlaylistEntriesRepository, type PlaylistEntryRecord } from './playlist-entries.repository.js';
import { PlaylistPresenter } from './playlist-presenter.js';
import { PlaylistsRepository, type PlaylistRecord } from './playlists.repository.js';

/** The multipart field of the create form that carries the cover file (the spec's name, kept for the UI). */
export const COVER_FIELD = 'playlist_cover_url';

/**
 * Playlists and their entries. Privacy is enforced by the repository's
 * visibility filter, ownership here. Playlists are not part of the cached
 * catalog (songs and albums lists), so their writes leave CatalogRevision alone
 * rather than invalidate those caches for nothing.
 */
@Injectable()
export class PlaylistsService {
  constructor(
    private readonly playlists: PlaylistsRepository,
    private readonly entries: PlaylistEntriesRepository,
    private readonly songs: SongsRepository,
    private readonly uploads: MediaUploads,
    private readonly playlistPresenter: PlaylistPresenter,
    private readonly songPresenter: SongPresenter,
  ) {}

  /** Guests see public playlists only; a logged-in viewer also sees their own private ones. */
  async list(viewer: SessionUser | null, page: PageQuery): Promise<PlaylistsResponse> {
    const records = await this.playlists.listVisible(viewer?.id ?? null, { limit: page.limit, afterId: decodeCursor(page.cursor) });
    return { playlists: await this.playlistPresenter.present(records), next_cursor: nextCursor(records, page.limit) };
  }

  async get(id: unknown, viewer: SessionUser): Promise<Playlist> {
    return this.playlistPresenter.presentOne(await this.visiblePlaylist(id, viewer));
  }

  async songsOf(id: unknown, viewer: SessionUser): Promise<PlaylistSongsResponse> {
    return this.entriesResponse(await this.visiblePlaylist(id, viewer));
  }

  /** The Add-to-Playlist picker: a user's own playlists, private ones included, so nobody else may ask. */
  async listOwn(userId: unknown, viewer: SessionUser): Promise<UserPlaylistsResponse> {
    const id = requireId(userId, 'user');
    if (id !== viewer.id) throw ApiException.forbidden('You can only list your own playlists here.');
    return { playlists: await this.playlistPresenter.present(await this.playlists.listByCreator(id)) };
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
    return this.playlistPresenter.presentOne(record);
  }

  /** Idempotent: adding a song that is already there answers the existing entry. */
  async addSong(id: unknown, viewer: SessionUser, body: unknown): Promise<PlaylistSong> {
    const playlist = await this.ownedPlaylist(id, viewer);
    const songId = requireSongRef(body);
    const song = await this.songs.findById(songId);
    if (!song) throw ApiException.notFound('Song');
    const entry = await this.entries.add(playlist.id, song.id);
    return toPlaylistSong(entry, await this.songPresenter.presentOne(song));
  }

  /**
   * Answers the playlist's songs after the removal: the UI reloads the playlist
   * after a remove anyway, so this saves it the second call.
   */
  async removeSong(id: unknown, viewer: SessionUser, body: unknown): Promise<PlaylistSongsResponse> {
    const playlist = await this.ownedPlaylist(id, viewer);
    const songId = requireSongRef(body);
    const removed = await this.entries.remove(playlist.id, songId);
    if (!removed) throw new ApiException(404, 'NOT_FOUND', 'That song is not in this playlist.');
    return this.entriesResponse(playlist);
  }

  /**
   * The record goes first: entries and the cover are only reachable through it,
   * so a crash after that step leaves leftovers nobody can see, which the
   * janitor sweeps, never a visible playlist with missing parts.
   */
  async delete(id: unknown, viewer: SessionUser): Promise<DeletedResponse> {
    const playlist = await this.ownedPlaylist(id, viewer);
    // Lost a race with a concurrent delete of the same playlist: the other call owns the cleanup.
    if (!(await this.playlists.delete(playlist.id))) throw ApiException.notFound('Playlist');
    await this.entries.deleteByPlaylist(playlist.id);
    if (playlist.coverFileId) await this.uploads.discard([playlist.coverFileId]);
    return { id: playlist.id, deleted: true };
  }

  /** Someone else's private playlist is reported exactly like a missing one, so its existence does not leak. */
  private async visiblePlaylist(id: unknown, viewer: SessionUser): Promise<PlaylistRecord> {
    const playlist = await this.playlists.findVisible(requireId(id, 'playlist'), viewer.id);
    if (!playlist) throw ApiException.notFound('Playlist');
    return playlist;
  }

  /** Visible but not yours (a public playlist of someone else) is 403; invisible stays 404. */
  private async ownedPlaylist(id: unknown, viewer: SessionUser): Promise<PlaylistRecord> {
    const playlist = await this.visiblePlaylist(id, viewer);
    if (playlist.creatorId !== viewer.id) throw ApiException.forbidden('Only the creator can change this playlist.');
    return playlist;
  }

  /** Entries whose song is gone (deleted, cleanup pending) are skipped rather than answered half-empty. */
  private async entriesResponse(playlist: PlaylistRecord): Promise<PlaylistSongsResponse> {
    const entries = await this.entries.listByPlaylist(playlist.id);
    const songs = await this.songPresenter.present(await this.songs.findByIds(entries.map((entry) => entry.songId)));
    const songsById = new Map(songs.map((song) => [song.id, song]));
    return {
      playlist_songs: entries.flatMap((entry) => {
        const song = songsById.get(entry.songId);
        return song ? [toPlaylistSong(entry, song)] : [];
      }),
    };
  }
}

function toPlaylistSong(entry: PlaylistEntryRecord, song: PlaylistSong['song']): PlaylistSong {
  return { id: entry.id, playlist_id: entry.playlistId, song_id: entry.songId, added_at: entry.addedAt.toISOString(), song };
}
