import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { AlbumsRepository } from '../persistence/albums.repository.js';
import { LikesRepository } from '../persistence/likes.repository.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CoverPipeline } from '../covers/covers.service.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { IdempotencyRepository } from '../idempotency/idempotency.repository.js';
import { AlbumResolver } from '../imports/album-resolver.service.js';
import { LyricsService } from '../lyrics/lyrics.service.js';
import { MediaStore } from '../media/media-store.js';
import { SharedCovers } from '../media/shared-covers.js';
import { PlaylistEntriesRepository } from '../persistence/playlist-entries.repository.js';
import { PlaylistsRepository } from '../persistence/playlists.repository.js';
import { SongsRepository } from '../persistence/songs.repository.js';

export interface JanitorReport {
  expiredSessions: number;
  orphanFiles: number;
  danglingPlaylistEntries: number;
  danglingLikes: number;
  /** Albums a bulk upload created and then died before storing their first song (docs/import.md). */
  abandonedAlbums: number;
  /** Uploads whose process died mid-write: GridFS chunks without a `media.files` document. */
  headlessUploads: number;
  /** Idempotency records older than IDEMPOTENCY_RETENTION_MS (docs/api.md, "Retrying writes"). */
  expiredIdempotencyKeys: number;
  /** Derived cover files whose original went, or that no derived set lists (docs/covers.md). */
  derivedCovers: number;
  /** Lyrics documents whose song is gone (deleted while the API was down, or a crash between the two deletes: docs/lyrics.md). */
  orphanLyrics: number;
}

/**
 * Uploads are stored before the record that references them is written, so
 * a crash in between leaves an unreferenced file; an hour is far longer than
 * any request, so a younger file may still be about to be referenced.
 * The default of JANITOR_GRACE_MS (AppConfig.janitorGraceMs).
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/**
 * How often the sweep for chunks of interrupted uploads runs at most. It reads all of `media.chunks` (about 40 ms per
 * MiB of media on the embedded engine, docs/benchmarks.md), far too much for every run; and such chunks appear only
 * when a process dies mid-upload, so the sweep that matters is the one a restarted process makes one grace period
 * after its start (when a crash's leftovers have become old enough); the daily one catches a replica that died and
 * did not come back.
 */
export const HEADLESS_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a write's idempotency record is kept: a client or the gateway retries within seconds or minutes, a phone
 * that was offline within hours; after a day a repeat of the key runs as a new request. (A TTL index would do this on
 * MongoDB; FerretDB has none.)
 */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The first run waits a little so it does not compete with startup (and the seed). */
const FIRST_RUN_DELAY_MS = 10_000;

/**
 * "Everything exists except these ids". The repositories' deleteDangling
 * re-read their rows themselves; a row added after we listed ids would
 * reference an id we never checked. Ids we did check and found missing never
 * come back (ObjectIds are not reused), so only they are treated as gone.
 */
class AllExcept extends Set<string> {
  constructor(private readonly missing: ReadonlySet<string>) {
    super();
  }
  override has(id: string): boolean {
    return !this.missing.has(id);
  }
}

function missingFrom(checked: Iterable<string>, existing: Set<string>): Set<string> {
  return new Set([...checked].filter((id) => !existing.has(id)));
}

/**
 * The cleanups a transaction would make unnecessary; FerretDB has no
 * transactions, and neither has a crash between two writes. Every step is
 * idempotent, so several replicas may run it at once.
 */
@Injectable()
export class JanitorService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Janitor');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<JanitorReport> | null = null;
  /** When the next sweep for headless chunks is due: one grace period after this process started, then daily. */
  private headlessSweepDue: number;

  constructor(
    @Inject(DB_CONNECTION) private readonly connection: Connection,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'janitorIntervalMs'> & Partial<Pick<AppConfig, 'janitorGraceMs'>>,
    private readonly media: MediaStore,
    private readonly songs: SongsRepository,
    private readonly albums: AlbumsRepository,
    private readonly playlists: PlaylistsRepository,
    private readonly entries: PlaylistEntriesRepository,
    private readonly likes: LikesRepository,
    private readonly idempotencyKeys: IdempotencyRepository,
    private readonly sharedCovers: SharedCovers,
    private readonly lyrics: LyricsService,
    @Optional() private readonly importedAlbums?: AlbumResolver,
    @Optional() private readonly covers?: CoverPipeline,
  ) {
    this.headlessSweepDue = Date.now() + this.graceMs();
  }

  onApplicationBootstrap(): void {
    const interval = this.config.janitorIntervalMs;
    if (interval <= 0) return;
    const tick = () => {
      this.runOnce().catch((error: Error) => this.logger.warn(`run failed: ${error.message}`));
    };
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, interval).unref();
    }, Math.min(FIRST_RUN_DELAY_MS, interval)).unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Let a run in progress finish before the connection closes under it.
    await this.running?.catch(() => undefined);
  }

  /** One full pass; a call while a pass is running joins it instead of starting another. */
  runOnce(): Promise<JanitorReport> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private graceMs(): number {
    return this.config.janitorGraceMs ?? ORPHAN_GRACE_MS;
  }

  private graceCutoff(): Date {
    return new Date(Date.now() - this.graceMs());
  }

  /** Chunks of uploads a dead process left without a files document, when the sweep is due (HEADLESS_SWEEP_INTERVAL_MS). */
  private async deleteHeadlessChunks(): Promise<{ uploads: number; chunks: number }> {
    if (Date.now() < this.headlessSweepDue) return { uploads: 0, chunks: 0 };
    const result = await this.media.deleteHeadlessChunks(this.graceCutoff());
    this.headlessSweepDue = Date.now() + HEADLESS_SWEEP_INTERVAL_MS;
    return result;
  }

  private async run(): Promise<JanitorReport> {
    const headless = await this.deleteHeadlessChunks();
    const orphans = await this.deleteOrphanFiles();
    const report: JanitorReport = {
      expiredSessions: await this.deleteExpiredSessions(),
      orphanFiles: orphans.removed,
      ...(await this.deleteDanglingRows()),
      abandonedAlbums: (await this.importedAlbums?.sweepAbandoned(this.graceCutoff())) ?? 0,
      headlessUploads: headless.uploads,
      expiredIdempotencyKeys: await this.idempotencyKeys.deleteCreatedBefore(new Date(Date.now() - IDEMPOTENCY_RETENTION_MS)),
      derivedCovers: (await this.covers?.sweep((id) => orphans.referenced.some((ids) => ids.has(id)), this.graceCutoff())) ?? 0,
      orphanLyrics: await this.lyrics.deleteOrphans(this.graceCutoff()),
    };
    if (Object.values(report).some((count) => count > 0)) {
      this.logger.log(
        `removed ${report.expiredSessions} expired sessions, ${report.orphanFiles} orphan files, ` +
          `${report.danglingPlaylistEntries} dangling playlist entries, ${report.danglingLikes} dangling likes, ` +
          `${report.abandonedAlbums} albums an upload left empty, ` +
          `${report.headlessUploads} unfinished uploads (${headless.chunks} chunks without a file), ` +
          `${report.expiredIdempotencyKeys} idempotency records older than a day, ${report.derivedCovers} derived cover files without their original, ` +
          `${report.orphanLyrics} lyrics of songs that are gone`,
      );
    }
    return report;
  }

  /** connect-mongo's TTL index is off because FerretDB has none. */
  private async deleteExpiredSessions(): Promise<number> {
    const result = await this.connection.db!.collection('sessions').deleteMany({ expires: { $lt: new Date() } });
    return result.deletedCount;
  }

  /** Answers how many went, and the file ids records reference (the derived covers' sweep keeps those originals' sets). */
  private async deleteOrphanFiles(): Promise<{ removed: number; referenced: Set<string>[] }> {
    // Candidates first: a file referenced after this read is also referenced when the references are read below.
    const candidates = await this.media.idsUploadedBefore(this.graceCutoff());
    const referenced = await Promise.all([this.songs.referencedFileIds(), this.albums.referencedFileIds(), this.playlists.referencedFileIds()]);
    if (candidates.length === 0) return { removed: 0, referenced };
    const unreferenced = candidates.filter((id) => !referenced.some((ids) => ids.has(id)));
    // A shared cover (an imported album's, SharedCovers) is kept while any record uses it, and also while it was given
    // to a record within the grace period (that record may be on its way): old shared files get new users, unlike others.
    let removed = 0;
    for (const id of await this.sharedCovers.deletableOrphans(unreferenced, this.graceCutoff())) {
      try {
        await this.media.delete(id);
        removed += 1;
      } catch (error) {
        this.logger.warn(`could not delete orphan file ${id}: ${(error as Error).message}`);
      }
    }
    return { removed, referenced };
  }

  private async deleteDanglingRows(): Promise<Pick<JanitorReport, 'danglingPlaylistEntries' | 'danglingLikes'>> {
    const [entryIds, likedSongIds] = await Promise.all([this.entries.distinctIds(), this.likes.distinctSongIds()]);
    const songIds = new Set([...entryIds.songIds, ...likedSongIds]);
    const [existingSongs, existingPlaylists] = await Promise.all([this.songs.existingIds([...songIds]), this.playlists.existingIds(entryIds.playlistIds)]);
    const missingSongs = missingFrom(songIds, existingSongs);
    const missingPlaylists = missingFrom(entryIds.playlistIds, existingPlaylists);
    if (missingSongs.size === 0 && missingPlaylists.size === 0) return { danglingPlaylistEntries: 0, danglingLikes: 0 };

    const danglingPlaylistEntries = await this.entries.deleteDangling({ songIds: new AllExcept(missingSongs), playlistIds: new AllExcept(missingPlaylists) });
    const danglingLikes = missingSongs.size > 0 ? await this.likes.deleteDangling(new AllExcept(missingSongs)) : 0;
    // The read model never took these rows in (it ignores references to missing songs and playlists).
    return { danglingPlaylistEntries, danglingLikes };
  }
}
