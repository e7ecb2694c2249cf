import { Inject, Injectable, Logger } from '@nestjs/common';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { MediaStore } from '../media/media-store.js';
import { SongsRepository, type LoudnessWorkItem, type SongRecord } from '../persistence/songs.repository.js';
import { FfmpegMissingError, measureLoudness, UndecodableAudioError, type LoudnessMeasurement } from './loudness-analyzer.js';
import { LOUDNESS_CONFIG, type LoudnessConfig } from './loudness-config.js';
import { failedAnalyses, loudnessAudioSeconds, measuredAnalyses } from './loudness-metrics.js';

/** `busy`: this process is measuring the song already (the job met a song its upload queued); `stopped`: the process is stopping. */
export type MeasureOutcome = 'measured' | 'failed' | 'gone' | 'busy' | 'stopped';

/** Songs waiting here past this are left to the background job (it finds every song without loudness). */
const QUEUE_MAX = 10_000;

/**
 * Measures songs' loudness with ffmpeg, at most `LOUDNESS_CONCURRENCY` at a time in this process, and stores it on the
 * song like a tag edit: the database first, then this replica's catalog and the change feed, so every replica shows it.
 * A song stored by any path is queued here after its write was answered (measureLater), never in the request itself.
 */
@Injectable()
export class LoudnessService {
  private readonly logger = new Logger('Loudness');
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly queued = new Set<string>();
  private readonly measuring = new Set<string>();
  private missingLogged = false;
  private stopped = false;

  constructor(
    private readonly songs: SongsRepository,
    private readonly media: MediaStore,
    private readonly catalog: CatalogReadModel,
    @Inject(LOUDNESS_CONFIG) readonly config: LoudnessConfig,
  ) {}

  /** Whether this process measures at all (LOUDNESS_JOB, and only in the API server: CLIs leave it to the API). */
  active = false;

  /**
   * Measures the song soon, in the background. Nothing to do for a song whose tags gave its loudness; nothing here when
   * this process does not measure (the background job of whichever replica runs it picks the song up).
   */
  measureLater(song: Pick<SongRecord, 'id' | 'audioFileId' | 'duration' | 'loudness'>): void {
    if (!this.active || this.stopped || song.loudness !== undefined || this.queued.has(song.id) || this.queued.size >= QUEUE_MAX) return;
    this.queued.add(song.id);
    void this.measure({ id: song.id, audioFileId: song.audioFileId, duration: song.duration, settled: false })
      .catch((error: Error) => this.logger.warn(`loudness of song ${song.id} not measured: ${error.message}`))
      .finally(() => this.queued.delete(song.id));
  }

  /** Stops taking work; analyses under way finish. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * Measures one song and stores the result (or, for audio ffmpeg cannot decode, the reason, logged once: the song is
   * not tried again). Throws FfmpegMissingError when there is no ffmpeg: not the song's fault.
   */
  async measure(item: LoudnessWorkItem): Promise<MeasureOutcome> {
    if (this.measuring.has(item.id)) return 'busy';
    this.measuring.add(item.id);
    try {
      const analysed = await this.analyse(item);
      if (analysed === null) return 'stopped';
      if (!analysed.ok) return await this.fail(item, analysed.reason);
      const { measured } = analysed;
      measuredAnalyses.inc();
      loudnessAudioSeconds.inc(item.duration);
      // Under the song's lock, as its other writers: the copy takes the writes in the order the database did.
      const stored = await this.catalog.underRecordLock(`song:${item.id}`, async () => {
        const record = await this.songs.setMeasuredLoudness(item.id, item.audioFileId, measured.lufs, measured.peakDb);
        if (record) await this.catalog.publish([{ kind: 'song', id: record.id }], (model) => model.putSong(record));
        return record !== null;
      });
      return stored ? 'measured' : 'gone';
    } finally {
      this.measuring.delete(item.id);
    }
  }

  /**
   * Runs ffmpeg on the song's audio, holding one of the process's analysis slots only that long: the next song's
   * ffmpeg starts while this one's result is written, so the database's answer does not hold up the next analysis.
   */
  private async analyse(item: LoudnessWorkItem): Promise<{ ok: true; measured: LoudnessMeasurement } | { ok: false; reason: string } | null> {
    await this.slot();
    try {
      // Songs queued after uploads wait here; a stopping process does not start them (the job finds them next time).
      if (this.stopped) return null;
      const file = await this.media.open(item.audioFileId);
      if (!file) return { ok: false, reason: 'the audio file is missing from storage' };
      const measured = await measureLoudness(file.path, { ffmpegPath: this.config.ffmpegPath, timeoutMs: timeoutFor(item.duration), niceness: this.config.niceness });
      this.missingLogged = false;
      return { ok: true, measured };
    } catch (error) {
      if (error instanceof UndecodableAudioError) return { ok: false, reason: error.message };
      if (error instanceof FfmpegMissingError && !this.missingLogged) {
        this.missingLogged = true;
        this.logger.error(error.message);
      }
      throw error;
    } finally {
      this.release();
    }
  }

  private async fail(item: LoudnessWorkItem, reason: string): Promise<MeasureOutcome> {
    failedAnalyses.inc();
    this.logger.warn(`song ${item.id} has no loudness: ${reason}`);
    await this.songs.setLoudnessError(item.id, item.audioFileId, reason);
    return 'failed';
  }

  private async slot(): Promise<void> {
    if (this.running < this.config.concurrency) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

/** ffmpeg gets 30 s plus half the song's length: ~20× slower than it measures on an idle core, so only a stuck run hits it. */
export function timeoutFor(durationSeconds: number): number {
  return 30_000 + Math.max(0, durationSeconds) * 500;
}
