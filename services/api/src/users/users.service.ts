import { Injectable } from '@nestjs/common';
import type { AlbumsResponse, PageQuery, PlaylistsResponse, SessionUser, UserProfile, UserSong, UserSongsResponse, UsersResponse } from '@tunafy/contracts';
import { AlbumPresenter } from '../albums/album-presenter.js';
import { ApiException } from '../common/api-exception.js';
import { requireId } from '../common/ids.js';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { pageBody } from '../catalog/list-source.js';
import { toPageRequest } from '../catalog/page-query.js';
import { pageOf, positionAfterAscending, type Page, type PageRequest } from '../catalog/paging.js';
import { PlaylistPresenter } from '../playlists/playlist-presenter.js';
import type { PlaylistRecord } from '../persistence/playlists.repository.js';
import { SongPresenter } from '../songs/song-presenter.js';
import type { SongRecord } from '../persistence/songs.repository.js';

type PlayKey = Pick<SongRecord, 'id' | 'plays'>;

/** A user page's song order: most played first, then oldest (lowest id) first, so the order is total. */
export function compareMostPlayed(a: PlayKey, b: PlayKey): number {
  if (a.plays !== b.plays) return b.plays - a.plays;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** First position in `sorted` (by compareMostPlayed) that comes after `key`. */
function positionAfterKey(sorted: readonly SongRecord[], key: PlayKey): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareMostPlayed(sorted[middle]!, key) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

const byId = (row: { id: string }) => row.id;

/** A page of a list already in id order (a user's albums and playlists). */
function idOrderedPage<T extends { id: string }>(rows: readonly T[], request: PageRequest): Page<T> {
  return pageOf(rows.length, (position) => rows[position]!, byId, request, (id) => positionAfterAscending(rows, byId, id));
}

/**
 * Public user pages (ids and usernames, never emails) from the in-memory catalog: a user's songs, albums and
 * the playlists the viewer may see there. Private playlists go through the read model's one visibility
 * rule (visiblePlaylist), as on every other playlist read: only their creator sees them.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly songPresenter: SongPresenter,
    private readonly albumPresenter: AlbumPresenter,
    private readonly playlistPresenter: PlaylistPresenter,
  ) {}

  async list(page: PageQuery): Promise<UsersResponse> {
    return pageBody('users', (await this.catalog.current()).usersPage(toPageRequest(page)), (users) => users);
  }

  /** The page's header; the playlist count is what this viewer may see, so it hints at no private playlist. */
  async profile(id: unknown, viewer: SessionUser): Promise<UserProfile> {
    const { model, userId, username } = await this.knownUser(id);
    return {
      id: userId,
      username,
      song_count: model.songCountOf(userId),
      album_count: model.albumsByArtist(userId).length,
      playlist_count: this.visiblePlaylists(model, userId, viewer).length,
    };
  }

  /**
   * Most played first, ties oldest first. Plays move the order while someone pages, so a cursor continues
   * after its song's place now (found by its play count and id); a cursor whose song is gone starts over,
   * as an album's does. Offsets are positions in the order as it is now.
   */
  async songs(id: unknown, page: PageQuery): Promise<UserSongsResponse> {
    const { model, userId } = await this.knownUser(id);
    const sorted = [...model.songsByArtist(userId)].sort(compareMostPlayed);
    const positionAfter = (cursorId: string) => {
      const song = model.song(cursorId);
      return song && song.artistId === userId ? positionAfterKey(sorted, song) : 0;
    };
    const found = pageOf(sorted.length, (position) => sorted[position]!, byId, toPageRequest(page), positionAfter);
    return pageBody('songs', found, (rows) => this.presentSongs(rows));
  }

  /** The user's albums, oldest first (as every album list). */
  async albums(id: unknown, page: PageQuery): Promise<AlbumsResponse> {
    const { model, userId } = await this.knownUser(id);
    return pageBody('albums', idOrderedPage(model.albumsByArtist(userId), toPageRequest(page)), (rows) => this.albumPresenter.present(rows));
  }

  /** Their public playlists; their private ones too when the viewer is that user, and only then. Oldest first. */
  async playlists(id: unknown, viewer: SessionUser, page: PageQuery): Promise<PlaylistsResponse> {
    const { model, userId } = await this.knownUser(id);
    const visible = this.visiblePlaylists(model, userId, viewer);
    return pageBody('playlists', idOrderedPage(visible, toPageRequest(page)), (rows) => this.playlistPresenter.present(rows));
  }

  private visiblePlaylists(model: CatalogModel, userId: string, viewer: SessionUser): PlaylistRecord[] {
    return model.playlistsByCreator(userId).filter((playlist) => model.visiblePlaylist(playlist.id, viewer.id) !== null);
  }

  private presentSongs(rows: SongRecord[]): UserSong[] {
    const songs = this.songPresenter.present(rows);
    return songs.map((song, index) => ({ ...song, plays: rows[index]!.plays }));
  }

  /** Malformed id → 400; an id no user has → 404 (usernames are never empty, so an empty one means unknown). */
  private async knownUser(id: unknown): Promise<{ model: CatalogModel; userId: string; username: string }> {
    const userId = requireId(id, 'user');
    const model = await this.catalog.current();
    const username = model.username(userId);
    if (!username) throw ApiException.notFound('User');
    return { model, userId, username };
  }
}
