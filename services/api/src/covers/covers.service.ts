import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { COVER_SIZES, type CoverFormat } from '@tunafy/contracts';
import { LRUCache } from 'lru-cache';
import { CoverSizes, type CoverAnswer } from '../media/cover-sizes.js';
import { MediaStore, type MediaFile } from '../media/media-store.js';
import { COVER_CONFIG, type CoverConfig } from './cover-config.js';
import { deriveCovers, OUTPUT_VERSION, readPicture, UnreadableCover, type DerivedImage, type PictureFacts } from './cover-encoder.js';
import { CoverPool, type CoverPriority } from './cover-pool.js';
import { derivedEtag, keptFormats } from './cover-rules.js';
import { CoverVariantsRepository, type CoverVariant, type CoverVariants } from './cover-variants.repository.js';

/** The store of derived covers: a GridFS bucket of its own (`covers`) with its own local copy (CoversModule). */
export const COVER_FILES = Symbol('COVER_FILES');

/** Sets this process remembers (a few hundred bytes each); a set never changes for its output version. */
const REMEMBERED_SETS = 20_000;
/** Covers made for a request, kept until the background has stored the set. */
const FRESH_BYTES = 16 * 1024 * 1024;
/** A picture found unreadable is not decoded again for this long (an app retrying a damaged cover). */
const UNREADABLE_TTL_MS = 60_000;
/** The longest a CLI (an import) waits at its end for the sizes of the covers it stored; the job does the rest. */
const CLI_DRAIN_MS = 120_000;

type Facts = PictureFacts | { unreadable: string };

/** A background derivation still waiting for the pool when the process stops: the job or a request makes it later. */
class Stopping extends Error {}

/**
 * Covers at the sizes they are shown (docs/covers.md): each original's derived set (COVER_SIZES × AVIF, WebP and
 * JPEG or PNG) is made once, stored in its own GridFS bucket and recorded in `cover_variants`. Sets are made off the
 * request path: right after an upload or import stores a cover (MediaStore's listener), by the background job for
 * covers stored before, and, when a request comes first, the one asked for is made at once (in the bounded pool,
 * ahead of background work; concurrent asks share it) and the rest of the set in the background. Deleting an
 * original (any path: MediaStore's listener) deletes its set.
 */
@Injectable()
export class CoverPipeline extends CoverSizes implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Covers');
  private readonly sets = new LRUCache<string, CoverVariants>({ max: REMEMBERED_SETS });
  private readonly facts = new LRUCache<string, Facts>({ max: 5_000 });
  private readonly fresh = new LRUCache<string, DerivedImage>({ maxSize: FRESH_BYTES, sizeCalculation: (image) => image.bytes.length + 100 });
  /** Single covers being made for requests, and whole sets being made, so concurrent asks share one. */
  private readonly making = new Map<string, Promise<DerivedImage>>();
  private readonly deriving = new Map<string, Promise<void>>();
  /** Originals deleted lately: a derivation that was running when its original went drops what it made. */
  private readonly gone = new LRUCache<string, true>({ max: 10_000, ttl: 10 * 60_000 });
  private stopping = false;

  constructor(
    private readonly media: MediaStore,
    @Inject(COVER_FILES) private readonly files: MediaStore,
    private readonly repository: CoverVariantsRepository,
    readonly pool: CoverPool,
    @Inject(COVER_CONFIG) readonly config: CoverConfig,
    @Optional() private readonly http?: HttpAdapterHost,
  ) {
    super();
  }

  onModuleInit(): void {
    this.media.listen({
      saved: (stored) => {
        if (this.config.onUpload && stored.kind === 'image') this.schedule(stored.id);
      },
      deleted: (id) => this.forgetSource(id),
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    // A CLI (an import) finishes the sets of what it stored, within a bound; a server leaves the rest to the job.
    if (!this.http?.httpAdapter) await Promise.race([Promise.all(this.deriving.values()), new Promise((resolve) => setTimeout(resolve, CLI_DRAIN_MS).unref())]);
    this.stopping = true;
    await Promise.all(this.deriving.values());
  }

  async cover(sourceId: string, size: number, choose: (alpha: boolean) => CoverFormat): Promise<CoverAnswer | null> {
    const set = await this.currentSet(sourceId);
    if (set?.unreadable) return { kind: 'original' };
    if (set) {
      const format = choose(set.facts.alpha);
      const variant = set.variants.find((candidate) => candidate.size === size && candidate.format === format);
      const file = variant ? await this.files.open(variant.fileId) : null;
      if (file) return { kind: 'stored', file: { ...file, etag: derivedEtag(sourceId, size, format) } };
      // Its files went (another replica deleted the original, or the janitor): made again below.
      if (variant) this.sets.delete(sourceId);
    }
    const source = await this.media.open(sourceId);
    if (!source) return null;
    const facts = await this.factsOf(source);
    if ('unreadable' in facts) {
      if (!set) this.schedule(sourceId);
      return { kind: 'original' };
    }
    const format = choose(facts.alpha);
    let image: DerivedImage;
    try {
      image = await this.one(source, facts, size, format);
    } catch (error) {
      if (!(error instanceof UnreadableCover)) throw error;
      this.facts.set(sourceId, { unreadable: error.message }, { ttl: UNREADABLE_TTL_MS });
      if (!set) this.schedule(sourceId);
      return { kind: 'original' };
    }
    // A format outside the kept set (JPEG of a transparent picture) is made for each such ask, from memory.
    if (!set || set.variants.length === 0) this.schedule(sourceId);
    return { kind: 'bytes', contentType: image.contentType, bytes: image.bytes, etag: derivedEtag(sourceId, size, format) };
  }

  async reopen(file: MediaFile): Promise<MediaFile | null> {
    const again = await this.files.open(file.id);
    return again ? { ...again, etag: file.etag } : null;
  }

  /** Makes the set of `sourceId` in the background unless it exists (or is being made); failures are logged. */
  schedule(sourceId: string): void {
    if (this.stopping || this.deriving.has(sourceId)) return;
    const work = this.deriveSet(sourceId, 'background')
      .then(
        () => undefined,
        (error: Error) => {
          if (!(error instanceof Stopping)) this.logger.warn(`cover ${sourceId}: sizes not made: ${error.message}`);
        },
      )
      .finally(() => this.deriving.delete(sourceId));
    this.deriving.set(sourceId, work);
  }

  /** Makes and stores the set of `sourceId` unless it has one of the current output version; answers what was done. */
  async ensureSet(sourceId: string, priority: CoverPriority = 'background'): Promise<'made' | 'kept' | 'unreadable' | 'gone'> {
    const running = this.deriving.get(sourceId);
    if (running) await running;
    return this.deriveSet(sourceId, priority);
  }

  /** Derivations running or waiting for the pool. */
  get backlog(): number {
    return this.deriving.size;
  }

  private async deriveSet(sourceId: string, priority: CoverPriority): Promise<'made' | 'kept' | 'unreadable' | 'gone'> {
    const existing = await this.repository.find(sourceId);
    if (existing?.version === OUTPUT_VERSION) {
      this.sets.set(sourceId, existing);
      return 'kept';
    }
    const source = await this.media.open(sourceId);
    if (!source || source.kind !== 'image') return 'gone';
    const facts = await this.factsOf(source);
    let images: DerivedImage[] = [];
    let unreadable: string | null = 'unreadable' in facts ? facts.unreadable : null;
    if (!('unreadable' in facts)) {
      const formats = keptFormats(facts.alpha);
      // What requests made already is kept as it is, not encoded again.
      const ready = COVER_SIZES.flatMap((size) => formats.flatMap((format) => this.fresh.get(freshKey(sourceId, size, format)) ?? []));
      const asks = COVER_SIZES.map((size) => ({ size, formats: formats.filter((format) => !ready.some((image) => image.size === size && image.format === format)) })).filter(
        (ask) => ask.formats.length > 0,
      );
      try {
        const derived = await this.pool.run(priority, () => {
          // A stopping server waits only for the derivations running, not for the queue behind them.
          if (this.stopping && priority === 'background') throw new Stopping('stopping');
          return deriveCovers(source.path, facts, asks);
        });
        images = [...ready, ...derived];
      } catch (error) {
        if (!(error instanceof UnreadableCover)) throw error;
        unreadable = error.message;
      }
    }
    if (unreadable) this.logger.warn(`cover ${sourceId} cannot be derived; ?size= sends the original: ${unreadable}`);
    const stored: CoverVariant[] = [];
    try {
      for (const image of images) {
        const file = await this.files.save({ kind: 'image', contentType: image.contentType, fileName: `${sourceId}-${image.size}.${image.format}`, data: image.bytes });
        stored.push({ size: image.size, format: image.format, fileId: file.id, bytes: image.bytes.length, edge: image.edge });
      }
    } catch (error) {
      await this.deleteFiles(stored.map((variant) => variant.fileId));
      throw error;
    }
    const set: CoverVariants = {
      sourceId,
      version: OUTPUT_VERSION,
      madeAt: new Date(),
      facts: 'unreadable' in facts ? { width: 0, height: 0, alpha: false } : facts,
      unreadable,
      variants: stored,
    };
    if (this.gone.has(sourceId)) {
      await this.deleteFiles(stored.map((variant) => variant.fileId));
      return 'gone';
    }
    const written = existing ? await this.repository.replace(set, existing.version) : await this.repository.insert(set);
    if (!written) {
      // Another process stored the set meanwhile: theirs stays.
      await this.deleteFiles(stored.map((variant) => variant.fileId));
      return 'kept';
    }
    if (existing) await this.deleteFiles(existing.variants.map((variant) => variant.fileId));
    // Deleted while it was derived (here or through another replica): its delete found no set then, so this one goes now.
    if (this.gone.has(sourceId) || !(await this.media.stat(sourceId))) {
      await this.removeSet(sourceId);
      return 'gone';
    }
    this.sets.set(sourceId, set);
    for (const image of images) this.fresh.delete(freshKey(sourceId, image.size, image.format));
    return unreadable ? 'unreadable' : 'made';
  }

  /**
   * The original went: its set and files go too. A derivation of it still running here sees the mark and drops what
   * it made, before or after writing its set (deriveSet). Best effort (logged); the janitor removes what is left.
   */
  async forgetSource(sourceId: string): Promise<void> {
    this.gone.set(sourceId, true);
    await this.removeSet(sourceId);
  }

  private async removeSet(sourceId: string): Promise<void> {
    this.sets.delete(sourceId);
    this.facts.delete(sourceId);
    try {
      const set = await this.repository.find(sourceId);
      if (!set) return;
      await this.deleteFiles(set.variants.map((variant) => variant.fileId));
      await this.repository.delete(sourceId);
    } catch (error) {
      this.logger.warn(`could not delete the sizes of cover ${sourceId}; the janitor will: ${(error as Error).message}`);
    }
  }

  /**
   * The janitor's part: sets older than `before` whose original no record references (`referenced`) go with their
   * files, and files of the covers bucket older than `before` that no set lists (a process died between storing them
   * and writing the set, or lost the race for it) go. Answers how many files went.
   */
  async sweep(referenced: (sourceId: string) => boolean, before: Date): Promise<number> {
    let removed = 0;
    const kept = new Set<string>();
    for (const set of await this.repository.listAll()) {
      if (set.madeAt < before && !referenced(set.sourceId)) {
        await this.removeSet(set.sourceId);
        removed += set.fileIds.length;
      } else for (const fileId of set.fileIds) kept.add(fileId);
    }
    const orphans = (await this.files.idsUploadedBefore(before)).filter((fileId) => !kept.has(fileId));
    await this.deleteFiles(orphans);
    return removed + orphans.length;
  }

  /**
   * In turn: each delete bumps the bucket's revision with an upsert, and concurrent first upserts on FerretDB collide
   * on the key (measured: twelve at once left the set behind).
   */
  private async deleteFiles(fileIds: string[]): Promise<void> {
    for (const fileId of fileIds) await this.files.delete(fileId);
  }

  private async currentSet(sourceId: string): Promise<CoverVariants | null> {
    const remembered = this.sets.get(sourceId);
    if (remembered) return remembered;
    const set = await this.repository.find(sourceId);
    if (set?.version !== OUTPUT_VERSION) return null;
    this.sets.set(sourceId, set);
    return set;
  }

  private async factsOf(source: MediaFile): Promise<Facts> {
    const known = this.facts.get(source.id);
    if (known) return known;
    let facts: Facts;
    try {
      facts = await readPicture(source.path);
      this.facts.set(source.id, facts);
    } catch (error) {
      if (!(error instanceof UnreadableCover)) throw error;
      facts = { unreadable: error.message };
      this.facts.set(source.id, facts, { ttl: UNREADABLE_TTL_MS });
    }
    return facts;
  }

  /** One cover made for a request, in the pool ahead of background work; asks for the same one at once share it. */
  private async one(source: MediaFile, facts: PictureFacts, size: number, format: CoverFormat): Promise<DerivedImage> {
    const key = freshKey(source.id, size, format);
    const known = this.fresh.get(key);
    if (known) return known;
    let making = this.making.get(key);
    if (!making) {
      making = this.pool
        .run('request', () => deriveCovers(source.path, facts, [{ size, formats: [format] }]))
        .then(([image]) => {
          this.fresh.set(key, image!);
          return image!;
        })
        .finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    return making;
  }
}

function freshKey(sourceId: string, size: number, format: CoverFormat): string {
  return `${sourceId}:${size}:${format}`;
}

