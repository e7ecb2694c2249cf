import { Injectable } from '@nestjs/common';
import {
  historyQuerySchema,
  historySettingsSchema,
  topQuerySchema,
  type HistoryClearedResponse,
  type HistoryResponse,
  type HistorySettings,
  type SessionUser,
  type TopPeriod,
  type TopResponse,
} from '@tunafy/contracts';
import { AlbumPresenter } from '../albums/album-presenter.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { Clock } from './clock.js';
import { ListeningHistoryRepository, type TallyHit } from './listening-history.repository.js';
import { parseInput } from './parse-input.js';
import { PlaysRepository } from './plays.repository.js';
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
