import { Injectable } from '@nestjs/common';
import {
  historyQuerySchema,
  historySettingsSchema,
  recentItemsQuerySchema,
  topQuerySchema,
  type HistoryClearedResponse,
  type HistoryResponse,
  type HistorySettings,
  type RecentItem,
  type RecentItemsResponse,
  type SessionUser,
  type TopPeriod,
  type TopResponse,
} from '@tunafy/contracts';
import { AlbumPresenter } from '../albums/album-presenter.js';
import { toArtist } from '../artists/artists.service.js';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { PlaylistPresenter } from '../playlists/playlist-presenter.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { Clock } from './clock.js';
import { ListeningHistoryRepository, type TallyHit } from '../persistence/listening-history.repository.js';
import { parseInput } from './parse-input.js';
import { PlaysRepository } from '../persistence/plays.repository.js';
import { tallyPeriods } from './plays.service.js';

/**
 * "Your listening" (docs/listening.md): the history of every play a page at a time, the top songs, credited
 * artists and albums of this month, this year or all time, pausing and clearing. Only the user's own.
 */
@Injectable()
export class HistoryService {
  constructor(
    private readonly plays: PlaysRepository,
    private readonly history: ListeningHistoryRepository,
    private readonly catalog: CatalogReadModel,
    private readonly songs: SongPresenter,
    private readonly albums: AlbumPresenter,
    private readonly playlists: PlaylistPresenter,
    private readonly clock: Clock,
  ) {}

  async page(user: SessionUser, query: unknown): Promise<HistoryResponse> {
    const { before, limit } = parseInput(historyQuerySchema, query);
    const [entries, paused] = await Promise.all([this.history.page(user.id, before === undefined ? null : Number(before), limit + 1), this.history.isPaused(user.id)]);
    const page = entries.slice(0, limit);
    const model = await this.catalog.current();
    const plays = page.flatMap((entry) => {
      const song = model.song(entry.songId);
      return song ? [{ id: `${entry.playedAt}-${entry.songId}`, played_at: new Date(entry.playedAt).toISOString(), song: this.songs.presentOne(song) }] : [];
    });
    const last = page.at(-1);
    return { plays, next_before: entries.length > limit && last ? String(last.playedAt) : null, paused };
  }

  async top(user: SessionUser, query: unknown): Promise<TopResponse> {
    const { period, limit } = parseInput(topQuerySchema, query);
    const key = periodKey(period, this.clock.now());
    const [songHits, artistHits, albumHits] = await Promise.all([this.history.top(user.id, key, 'song'), this.history.top(user.id, key, 'artist'), this.history.top(user.id, key, 'album')]);
    const model = await this.catalog.current();
    // Items deleted since (a song, an album, an artist left without songs) are skipped; the boards hold spares.
    const pick = <T>(hits: TallyHit[], find: (id: string) => T | null) =>
      hits
        .flatMap((hit) => {
          const item = find(hit.itemId);
          return item === null ? [] : [{ item, plays: hit.count }];
        })
        .slice(0, limit);
    return {
      period,
      songs: pick(songHits, (id) => model.song(id)).map(({ item, plays }) => ({ song: this.songs.presentOne(item), plays })),
      artists: pick(artistHits, (id) => {
        const name = model.artistName(id);
        return name === null ? null : { id, name };
      }).map(({ item, plays }) => ({ artist: item, plays })),
      albums: pick(albumHits, (id) => model.album(id)).map(({ item, plays }) => ({ album: this.albums.presentOne(item), plays })),
    };
  }

  /** "Recently played": the places the user last played from; deleted ones, and playlists made private since, are left out. */
  async recentItems(user: SessionUser, query: unknown): Promise<RecentItemsResponse> {
    const { limit } = parseInput(recentItemsQuerySchema, query);
    const places = await this.history.recent(user.id);
    const model = await this.catalog.current();
    const items: RecentItem[] = [];
    for (const { itemId: place, count: at } of places) {
      const item = this.recentItem(place, new Date(at).toISOString(), model, user.id);
      if (item) items.push(item);
      if (items.length === limit) break;
    }
    return { items };
  }

  private recentItem(place: string, played_at: string, model: CatalogModel, viewerId: string): RecentItem | null {
    const colon = place.indexOf(':');
    const [kind, id] = colon < 0 ? [place, ''] : [place.slice(0, colon), place.slice(colon + 1)];
    switch (kind) {
      case 'album': {
        const album = model.album(id);
        return album && { kind, played_at, album: this.albums.presentOne(album) };
      }
      case 'playlist': {
        const playlist = model.visiblePlaylist(id, viewerId);
        return playlist && { kind, played_at, playlist: this.playlists.presentOne(playlist) };
      }
      case 'artist': {
        const artist = model.artist(id);
        return artist && { kind, played_at, artist: toArtist(artist, model) };
      }
      case 'genre': {
        const genre = model.genreList().find((entry) => entry.name === id);
        return genre ? { kind, played_at, genre: { name: genre.name, song_count: genre.songCount } } : null;
      }
      case 'liked':
        return { kind, played_at };
      case 'song': {
        const song = model.song(id);
        return song && { kind, played_at, song: this.songs.presentOne(song) };
      }
      default:
        return null;
    }
  }

  async setSettings(user: SessionUser, body: unknown): Promise<HistorySettings> {
    const { paused } = parseInput(historySettingsSchema, body);
    await this.history.setPaused(user.id, paused);
    return { paused };
  }

  async clear(user: SessionUser): Promise<HistoryClearedResponse> {
    await this.history.deleteAll(user.id);
    await this.plays.deleteAll(user.id);
    return { cleared: true };
  }
}

/** The tally period a top list reads: all time, or the calendar year or month (UTC) of `now`. */
function periodKey(period: TopPeriod, now: Date): string {
  const [all, year, month] = tallyPeriods(now);
  return period === 'all' ? all! : period === 'year' ? year! : month!;
}
