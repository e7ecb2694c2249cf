import { Injectable, Logger } from '@nestjs/common';
import { LISTENING_LIMITS, playInputSchema, recentlyPlayedQuerySchema, type PlayResponse, type RecentlyPlayedResponse, type SessionUser } from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { SongsRepository, type SongRecord } from '../persistence/songs.repository.js';
import { Clock } from './clock.js';
import { ListeningHistoryRepository, type TallyKind } from '../persistence/listening-history.repository.js';
import { parseInput } from './parse-input.js';
import { PlaysRepository } from '../persistence/plays.repository.js';

export const PLAY_DEDUPE_MS = LISTENING_LIMITS.playDedupeSeconds * 1000;
/** How late a play made offline may be sent (`played_at`), and how far ahead a client's clock may run. */
export const OFFLINE_PLAY_MAX_AGE_MS = LISTENING_LIMITS.offlinePlayMaxAgeDays * 24 * 60 * 60 * 1000;
export const PLAYED_AT_SKEW_MS = LISTENING_LIMITS.playedAtSkewSeconds * 1000;
/** Every this many counted plays (per API process) the player's history is trimmed. */
export const TRIM_EVERY = 20;

/**
 * Play counting and the "Recently played" list. The player reports a play
 * once a song has played for 30 s or to its end; retries, a second tab or a
 * replayed report must not count it again, so one user's plays of one song
 * count at most once per PLAY_DEDUPE_MS.
 */
@Injectable()
export class PlaysService {
  private readonly logger = new Logger('Plays');
  private countedSinceTrim = 0;
  private trimming: Promise<void> | null = null;

  constructor(
    private readonly plays: PlaysRepository,
    private readonly history: ListeningHistoryRepository,
    private readonly songs: SongsRepository,
    private readonly catalog: CatalogReadModel,
    private readonly presenter: SongPresenter,
    private readonly clock: Clock,
  ) {}

  /**
   * No transactions: the mark is claimed first, because it is the step that
   * must be atomic. A crash after it loses that one play rather than counting
   * one twice.
   */
  async play(user: SessionUser, body: unknown): Promise<PlayResponse> {
    const input = parseInput(playInputSchema, body);
    const songId = input.song_id.toLowerCase();
    const song = (await this.catalog.current()).song(songId);
    if (!song) throw ApiException.notFound('Song');
    const now = this.clock.now();
    const at = playTime(input.played_at, now);
    // A play made offline is counted once per its own time: the player may send it again if an answer was lost. Its
    // mark lasts as long as such a play is taken at all, then the age limit refuses a replay.
    const claimed =
      at === now
        ? await this.plays.claimCount(user.id, songId, now, new Date(now.getTime() - PLAY_DEDUPE_MS))
        : await this.plays.claimReplay(user.id, songId, at, new Date(at.getTime() + OFFLINE_PLAY_MAX_AGE_MS));
    if (!claimed) return { counted: false };
    // A paused history keeps the play out of the user's own lists; the song's public count still goes up.
    if (!(await this.history.isPaused(user.id))) {
      await this.plays.record(user.id, songId, at);
      await this.history.record(user.id, songId, at, tallyPeriods(at), tallyItems(song));
      await this.history.recordRecent(user.id, recentPlace(input.context, songId), at);
    }
    await this.songs.incrementPlays(songId);
    // This copy's count follows at once (most played first on a user page); no feed entry per play, so other
    // replicas show a play from here after their next reload: plays order a list, nothing depends on them exactly.
    (await this.catalog.current()).countPlay(songId);
    this.maybeTrim(user.id, now);
    return { counted: true };
  }

  /** Distinct songs, most recent play first; songs deleted since are skipped. */
  async recentlyPlayed(user: SessionUser, query: unknown): Promise<RecentlyPlayedResponse> {
    const { limit } = parseInput(recentlyPlayedQuerySchema, query);
    // The history is bounded, so reading it whole is cheap; FerretDB has no $group, so repeats are dropped here.
    const songIds = [...new Set(await this.plays.recentSongIds(user.id, LISTENING_LIMITS.historyMax))];
    return { songs: await this.presenter.present(await this.firstExisting(songIds, limit)) };
  }

  /** Settles once the housekeeping started by the last counted play is done (tests, shutdown). */
  async settled(): Promise<void> {
    await this.trimming;
  }

  /** The first `limit` songs that still exist, in the given order; usually one read. */
  private async firstExisting(songIds: string[], limit: number): Promise<SongRecord[]> {
    return (await this.catalog.current()).songsByIds(songIds).slice(0, limit);
  }

  /**
   * Keeps every user's history near LISTENING_LIMITS.historyMax without a
   * count per play: every TRIM_EVERY-th counted play trims its user's history
   * and expired marks. A heavy listener makes most of the plays, so is trimmed
   * most often. Runs after the answer: the player does not wait for it.
   */
  private maybeTrim(userId: string, now: Date): void {
    this.countedSinceTrim += 1;
    if (this.countedSinceTrim < TRIM_EVERY || this.trimming) return;
    this.countedSinceTrim = 0;
    this.trimming = (async () => {
      try {
        await this.plays.trimHistory(userId, LISTENING_LIMITS.historyMax);
        await this.plays.deleteExpiredMarks(userId, new Date(now.getTime() - PLAY_DEDUPE_MS));
      } catch (error) {
        this.logger.warn(`trimming the play history of ${userId} failed: ${(error as Error).message}`);
      } finally {
        this.trimming = null;
      }
    })();
  }
}

/**
 * When a play happened: now, or the `played_at` of a play made offline (docs/offline.md) when it is at most
 * OFFLINE_PLAY_MAX_AGE_MS old. A time a little ahead of ours is the client's clock running fast and counts as now.
 */
export function playTime(playedAt: string | undefined, now: Date): Date {
  if (playedAt === undefined) return now;
  const at = new Date(playedAt);
  const ahead = at.getTime() - now.getTime();
  if (ahead > PLAYED_AT_SKEW_MS) throw ApiException.validation({ played_at: 'The time of a play cannot be in the future.' });
  if (ahead >= 0) return now;
  if (-ahead > OFFLINE_PLAY_MAX_AGE_MS) {
    throw ApiException.validation({ played_at: `A play older than ${LISTENING_LIMITS.offlinePlayMaxAgeDays} days cannot be counted.` });
  }
  return at;
}

/** The periods a play at `now` counts in: all time, its calendar year and month (UTC), as "Your top" offers them. */
export function tallyPeriods(now: Date): string[] {
  const year = now.getUTCFullYear();
  return ['all', `y${year}`, `m${year}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`];
}

/**
 * The place "Recently played" shows for a play from `context` (the player's queue source): the album, playlist,
 * credited artist, genre or Liked Songs it was played from; the song itself from anywhere else (All Songs, search).
 */
export function recentPlace(context: string | undefined, songId: string): string {
  const listed = /^(album|playlist|artist):([0-9a-fA-F]{24})$/u.exec(context ?? '');
  if (listed) return `${listed[1]}:${listed[2]!.toLowerCase()}`;
  if (context === 'liked') return 'liked';
  if (context?.startsWith('genre:') && context.length > 'genre:'.length) return context;
  return `song:${songId}`;
}

/** What a play of the song counts for: the song, each credited artist, its album. */
function tallyItems(song: SongRecord): { kind: TallyKind; id: string }[] {
  const items: { kind: TallyKind; id: string }[] = [{ kind: 'song', id: song.id }];
  for (const artistId of song.creditIds ?? []) items.push({ kind: 'artist', id: artistId });
  if (song.albumId) items.push({ kind: 'album', id: song.albumId });
  return items;
}
