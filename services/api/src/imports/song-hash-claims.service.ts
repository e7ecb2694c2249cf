import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { SongsRepository, type SongRecord } from '../persistence/songs.repository.js';
import { ImportClaimsRepository, type Claim } from '../persistence/import-claims.repository.js';

/** A claim not marked done and younger than this is a bulk upload still storing its song. */
export const SONG_CLAIM_IN_FLIGHT_MS = 10 * 60_000;
/**
 * "Done" marks are written together, one command for up to DONE_BATCH claims, at most DONE_DELAY_MS after the first
 * of them: an import of 4 files at a time settles a dozen songs a second, each mark would otherwise be a command.
 */
export const DONE_BATCH = 64;
export const DONE_DELAY_MS = 1000;

export function sha256OfBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * "These bytes are this user's song X" (`song_hashes`, keyed `<user>:<sha256>`), kept true by every path that gives
 * a song its audio: a bulk upload claims the bytes before storing them (and answers a duplicate when they are
 * claimed), and the single-song form, which must store a song whatever it is (SPEC), adopts the claim afterwards
 * when nobody holds it, and drops the old one when it replaces a song's audio. A claim left pointing at a song whose
 * audio changed since (a crash between the update and the drop) is recognised by the song's stored hash and taken
 * over like one whose song is gone.
 */
@Injectable()
export class SongHashClaims implements OnModuleDestroy {
  private readonly logger = new Logger('SongHashClaims');
  /** Marks not written yet, claim key to song id; also those being written, until they are. */
  private readonly pendingDone = new Map<string, string>();
  private readonly writingDone = new Map<string, string>();
  private doneTimer: NodeJS.Timeout | null = null;
  private doneWrites: Promise<void> = Promise.resolve();
  /**
   * Claims this process is taking or holds, not settled or released yet: another import of the same bytes here waits
   * for the first to end (a folder holding one file twice, a user uploading it twice at once) and is then its
   * duplicate, rather than a 409 for a file that is only "being uploaded" by this very import.
   */
  private readonly ours = new Map<string, { songId: string; ended: Promise<void>; end: () => void }>();

  constructor(
    private readonly claims: ImportClaimsRepository,
    private readonly songs: SongsRepository,
    private readonly catalog: CatalogReadModel,
  ) {}

  /**
   * The claim on these bytes, the song it names if that song exists (read model, then database), and whether that
   * song holds them now: the user's, with these bytes still its audio.
   */
  private async claimed(userId: string, hash: string): Promise<{ claim: Claim | null; target: SongRecord | null; holds: boolean }> {
    const claim = await this.claims.find('song', key(userId, hash));
    if (!claim) return { claim, target: null, holds: false };
    const target = (await this.catalog.current()).song(claim.targetId) ?? (await this.songs.findById(claim.targetId));
    if (!target || target.artistId !== userId) return { claim, target, holds: false };
    // Songs made before hashes were kept have none: their claim can only come from the bulk upload that made them.
    const stored = await this.songs.contentHashOf(target.id);
    return { claim, target, holds: stored === null || stored === hash };
  }

  /**
   * Which of these hashes the user has as a song: hash to song id. From the claims and the read model only (up to a
   * thousand hashes in one look-up), so a claim left behind by a crash between an audio replacement and its release
   * can answer a stale duplicate here; the upload itself (claimFor) checks the song's stored hash.
   */
  async holdersOf(userId: string, hashes: string[]): Promise<Record<string, string>> {
    const unique = [...new Set(hashes.map((hash) => hash.toLowerCase()))];
    const claims = await this.claims.findMany('song', unique.map((hash) => key(userId, hash)));
    const model = await this.catalog.current();
    const holders: Record<string, string> = {};
    for (const hash of unique) {
      const claim = claims.get(key(userId, hash));
      const song = claim ? model.song(claim.targetId) : null;
      if (song && song.artistId === userId) holders[hash] = song.id;
    }
    return holders;
  }

  /**
   * Claims the bytes for a song about to be stored; answers the song that already has them instead. A claim whose
   * song is gone or has other audio now is taken over; one still in flight (another upload of the same file) is
   * reported as such.
   */
  async claimFor(userId: string, hash: string, songId: string): Promise<{ duplicate: SongRecord } | { inFlight: true } | { claimed: true }> {
    const claimKey = key(userId, hash);
    for (let other = this.ours.get(claimKey); other; other = this.ours.get(claimKey)) await other.ended;
    // Set with no await since the check: of this process's imports of these bytes, one claims at a time.
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    this.ours.set(claimKey, { songId, ended, end });
    try {
      const result = await this.claimOnce(claimKey, userId, hash, songId);
      if (!('claimed' in result)) this.ended(claimKey, songId);
      return result;
    } catch (error) {
      this.ended(claimKey, songId);
      throw error;
    }
  }

  private async claimOnce(claimKey: string, userId: string, hash: string, songId: string): Promise<{ duplicate: SongRecord } | { inFlight: true } | { claimed: true }> {
    let lost: string | null = null;
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await this.claims.claim('song', claimKey, songId)) return { claimed: true };
      const { claim, target, holds } = await this.claimed(userId, hash);
      if (!claim) continue;
      if (holds) return { duplicate: target! };
      // Lost the take-over of this very claim, and it has not moved yet: another upload of these bytes is taking it now.
      if (claim.generation === lost) return { inFlight: true };
      // A mark this process has not written yet counts: its song was stored (and has been deleted since).
      if (!target && Date.now() - claim.claimedAt.getTime() < SONG_CLAIM_IN_FLIGHT_MS && !this.marked(claimKey, claim.targetId) && !(await this.claims.isDone('song', claimKey, claim))) {
        return { inFlight: true };
      }
      if (await this.claims.takeOver('song', claimKey, claim, songId)) return { claimed: true };
      lost = claim.generation;
    }
    throw new Error(`could not claim ${claimKey}: its claim kept changing`);
  }

  /**
   * The song is stored: its claim is settled (a missing song from now on means a deleted one). Best effort, and
   * batched (DONE_BATCH, DONE_DELAY_MS): the mark is only needed once the song is deleted, to tell "deleted" from "on
   * its way", and this process counts its own unwritten marks (claimFor); a mark a crash loses only makes a re-upload
   * of a song deleted meanwhile wait out SONG_CLAIM_IN_FLIGHT_MS. Duplicates never depend on it: a claim whose song
   * exists is a duplicate, marked or not.
   */
  settle(userId: string, hash: string, songId: string): void {
    this.ended(key(userId, hash), songId);
    this.pendingDone.set(key(userId, hash), songId);
    if (this.pendingDone.size >= DONE_BATCH) void this.flushDone();
    else this.doneTimer ??= setTimeout(() => void this.flushDone(), DONE_DELAY_MS).unref();
  }

  /** Writes the marks waiting now; resolves once they and every earlier batch are written (or failed, logged). */
  flushDone(): Promise<void> {
    if (this.doneTimer) clearTimeout(this.doneTimer);
    this.doneTimer = null;
    if (this.pendingDone.size > 0) {
      const batch = [...this.pendingDone].map(([claimKey, targetId]) => ({ key: claimKey, targetId }));
      this.pendingDone.clear();
      for (const mark of batch) this.writingDone.set(mark.key, mark.targetId);
      const write = this.claims
        .markManyDone('song', batch)
        .catch((error: Error) => this.logger.warn(`could not mark ${batch.length} claims done: ${error.message}`))
        .finally(() => {
          for (const mark of batch) if (this.writingDone.get(mark.key) === mark.targetId) this.writingDone.delete(mark.key);
        });
      this.doneWrites = Promise.all([this.doneWrites, write]).then(() => undefined);
    }
    return this.doneWrites;
  }

  /** The folder import ends with app.close(), the API on shutdown: marks still waiting are written first. */
  async onModuleDestroy(): Promise<void> {
    await this.flushDone();
  }

  private marked(claimKey: string, songId: string): boolean {
    return this.pendingDone.get(claimKey) === songId || this.writingDone.get(claimKey) === songId;
  }

  /** Gives the claim up if it still names this song (a failed upload, or audio replaced). Best effort. */
  async release(userId: string, hash: string, songId: string): Promise<void> {
    await this.claims.release('song', key(userId, hash), songId).catch((error: Error) => this.logger.warn(`could not release ${key(userId, hash)}: ${error.message}`));
    this.ended(key(userId, hash), songId);
  }

  /** This process's import of the claim ended (settled, released, or never claimed): the next one of its bytes may go. */
  private ended(claimKey: string, songId: string): void {
    const entry = this.ours.get(claimKey);
    if (entry?.songId !== songId) return;
    this.ours.delete(claimKey);
    entry.end();
  }

  /**
   * After the form stored a song with these bytes: claims them for it when no other song of the user holds them, so
   * a later bulk upload of the same file is reported as a duplicate. Best effort: the song is stored either way.
   */
  async adopt(userId: string, hash: string, songId: string): Promise<void> {
    try {
      const result = await this.claimFor(userId, hash, songId);
      if ('claimed' in result) this.settle(userId, hash, songId);
    } catch (error) {
      this.logger.warn(`could not claim the bytes of song ${songId}: ${(error as Error).message}`);
    }
  }
}

function key(userId: string, hash: string): string {
  return `${userId}:${hash}`;
}
