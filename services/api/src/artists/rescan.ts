import { Injectable, Logger } from '@nestjs/common';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { readFileTags } from '../imports/audio-inspector.service.js';
import { LyricsService } from '../lyrics/lyrics.service.js';
import { MediaStore } from '../media/media-store.js';
import { SongsRepository, type SongRecord } from '../persistence/songs.repository.js';
import { AlbumCredits } from './album-credits.service.js';
import { ArtistResolver } from './artist-resolver.service.js';
import { RescanMarksRepository } from '../persistence/rescan-marks.repository.js';

const JOB = 'artists';
/** Songs read from the catalog at a time: the list of ids held is bounded whatever the library's size. */
const BATCH = 500;
export const DEFAULT_RESCAN_CONCURRENCY = 4;

export interface RescanProgress {
  total: number;
  /** Songs looked at in this run (those before the mark of an earlier run are not counted). */
  done: number;
  /** Songs whose credits were written. */
  credited: number;
  /** Songs whose file gave no artist: they stay their owner's. */
  untagged: number;
  /** Songs whose file could not be read (missing, not parseable); left as they were. */
  unreadable: number;
  /** Songs skipped because an earlier run credited them. */
  alreadyCredited: number;
  /** Songs given the lyrics of their file's tags (they had none, or older ones read from the tags: docs/lyrics.md). */
  lyrics: number;
  startedAt: number;
  running: boolean;
}

/**
 * `npm run rescan` and POST /api/admin/rescan (docs/artists.md, "Existing libraries"): reads the tags of songs
 * already stored and gives them what an import now gives: credited artists, and album artists (compilations included)
 * to albums that have none. One song at a time per worker, its file read with random access from the local copy of
 * GridFS (no durations, no pictures), so memory stays flat. Resumable: a mark in `rescan_marks` says how far in id
 * order every song is done, and a rerun goes on from there (or from the start with `restart`). Idempotent: each song's
 * credits are one document write, and a song already credited is left alone.
 */
@Injectable()
export class Rescanner {
  private readonly logger = new Logger('Rescan');
  private current: Promise<RescanProgress> | null = null;
  private progress: RescanProgress | null = null;

  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly store: MediaStore,
    private readonly songs: SongsRepository,
    private readonly artists: ArtistResolver,
    private readonly albumCredits: AlbumCredits,
    private readonly marks: RescanMarksRepository,
    private readonly lyrics: LyricsService,
  ) {}

  /** The running or last run's progress in this process, or null. */
  status(): RescanProgress | null {
    return this.progress && { ...this.progress };
  }

  /** Starts a run unless one is running here; either way answers that run. */
  start(options: { concurrency?: number; restart?: boolean; onProgress?: (progress: RescanProgress) => void } = {}): Promise<RescanProgress> {
    if (!this.current) {
      // Set before the first await, so a status asked right after the start already shows this run.
      const progress: RescanProgress = { total: this.catalog.model.songCount, done: 0, credited: 0, untagged: 0, unreadable: 0, alreadyCredited: 0, lyrics: 0, startedAt: Date.now(), running: true };
      this.progress = progress;
      this.current = this.run(progress, options).finally(() => {
        progress.running = false;
        this.current = null;
      });
    }
    return this.current;
  }

  private async run(
    progress: RescanProgress,
    { concurrency = DEFAULT_RESCAN_CONCURRENCY, restart = false, onProgress }: { concurrency?: number; restart?: boolean; onProgress?: (progress: RescanProgress) => void },
  ): Promise<RescanProgress> {
    if (restart) await this.marks.clear(JOB);
    let after = await this.marks.after(JOB);
    for (;;) {
      const page = (await this.catalog.current()).songsPage({ limit: BATCH, afterId: after });
      if (page.items.length === 0) break;
      // Workers take songs in id order; the mark moves once a whole batch is done, so a crash redoes at most a batch.
      let next = 0;
      const worker = async () => {
        while (next < page.items.length) {
          const song = page.items[next++]!;
          await this.rescanSong(song, progress).catch((error: Error) => {
            progress.unreadable++;
            this.logger.warn(`song ${song.id}: ${error.message}`);
          });
          progress.done++;
          onProgress?.({ ...progress });
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, 16)) }, worker));
      after = page.items.at(-1)!.id;
      await this.marks.save(JOB, after);
      if (page.nextAfterId === null) break;
    }
    await this.marks.clear(JOB);
    progress.running = false;
    return { ...progress };
  }

  private async rescanSong(song: SongRecord, progress: RescanProgress): Promise<void> {
    const model = this.catalog.model;
    const album = song.albumId ? model.album(song.albumId) : null;
    const credits = await this.wantsCredits(song, album);
    if (!credits) progress.alreadyCredited++;
    // The lyrics of the tags too, unless the owner's or an .lrc's are there: the same one read of the file.
    const lyrics = await this.lyrics.wantsFileLyrics(song);
    if (!credits && !lyrics) return;
    const file = await this.store.open(song.audioFileId);
    const tags = file && (await readFileTags(file.path));
    if (!tags) {
      progress.unreadable++;
      return;
    }
    if (lyrics && (await this.lyrics.storeFileLyrics(song, tags.lyrics)) === 'stored') progress.lyrics++;
    if (!credits) return;
    const { creditIds, albumArtistId } = await this.artists.resolveFile(tags, album !== null);
    if (creditIds.length === 0) progress.untagged++;
    else if (!sameIds(song.creditIds, creditIds)) {
      // The song's lock, as its update takes: a rename at the same moment keeps its name, we keep our credits.
      await this.catalog.underRecordLock(`song:${song.id}`, async () => {
        const updated = await this.songs.setCredits(song.id, creditIds);
        if (updated) await this.catalog.publish([{ kind: 'song', id: song.id }], (current) => current.putSong(updated));
      });
      progress.credited++;
    }
    if (album) await this.albumCredits.credit(this.catalog.model.album(album.id) ?? album, albumArtistId, true);
  }

  /** Whether the song or its album still lacks what its tags would credit, and its owner has not corrected it by hand. */
  private async wantsCredits(song: SongRecord, album: ReturnType<CatalogModel['album']>): Promise<boolean> {
    if (song.creditIds?.length && (!album || album.albumArtistId)) return false;
    // What its owner corrected by hand (credits cleared included) is not undone by the file's tags: one look-up, only
    // for songs without credits.
    return !(!song.creditIds?.length && (await this.songs.tagsCorrected(song.id)));
  }
}

function sameIds(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return !!a && a.length === b.length && a.every((id, index) => id === b[index]);
}
