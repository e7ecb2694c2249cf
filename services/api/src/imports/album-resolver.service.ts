import { setTimeout as delay } from 'node:timers/promises';
import { Injectable, Logger } from '@nestjs/common';
import { albumKey } from '@tunafy/contracts';
import mongoose from 'mongoose';
import { AlbumsRepository, type AlbumRecord } from '../persistence/albums.repository.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import type { MediaUpload } from '../media/media-store.js';
import { SharedCovers } from '../media/shared-covers.js';
import { SongsRepository } from '../persistence/songs.repository.js';
import { CLAIM_RETIREMENT_TTL_MS, ImportClaimsRepository } from '../persistence/import-claims.repository.js';

/** A claim whose album is not there yet is taken as being created for this long, then as left by a crash. */
export const ALBUM_CLAIM_IN_FLIGHT_MS = 30_000;
const WAIT_STEP_MS = 100;

export interface ResolvedAlbum {
  album: AlbumRecord;
  created: boolean;
}

/**
 * Finds the uploader's album for an album tag, or creates it: files that
 * share an album name (ignoring case and spacing) become one album, also
 * when they arrive at once through different API replicas or beside the
 * folder import. The read model answers the common case (the album exists)
 * without a database query; creating goes through a claim on the name
 * (ImportClaimsRepository), so exactly one writer creates it.
 */
@Injectable()
export class AlbumResolver {
  private readonly logger = new Logger('Imports');

  constructor(
    private readonly albums: AlbumsRepository,
    private readonly songs: SongsRepository,
    private readonly claims: ImportClaimsRepository,
    private readonly catalog: CatalogReadModel,
    private readonly covers: SharedCovers,
  ) {}

  /** `cover` is only called when the album is created here; `albumArtistId` is the credited album artist it gets then. */
  async findOrCreate(userId: string, name: string, cover: () => Promise<MediaUpload>, albumArtistId?: string): Promise<ResolvedAlbum> {
    const key = claimKey(userId, name);
    // In this process one upload at a time per album name; across processes the claim decides.
    return this.catalog.underRecordLock(`import-album:${key}`, async () => {
      const owned = await this.ownedByName(userId, name);
      if (owned) return { album: owned, created: false };
      const newId = new mongoose.Types.ObjectId().toHexString();
      // Long enough to see an in-flight claim either finish or go stale.
      const deadline = Date.now() + ALBUM_CLAIM_IN_FLIGHT_MS + 5000;
      while (Date.now() < deadline) {
        if (await this.claims.claim('album', key, newId)) return { album: await this.create(userId, name, newId, key, cover, albumArtistId), created: true };
        const claim = await this.claims.find('album', key);
        if (!claim) continue;
        const album = (await this.catalog.current()).album(claim.targetId) ?? (await this.albums.findById(claim.targetId));
        if (album && album.artistId === userId && albumKey(album.name) === albumKey(name)) {
          // Made through another process: take it into this copy now, so the song that joins it is not read as album-less.
          if (!this.catalog.model.album(album.id)) await this.catalog.publish([{ kind: 'album', id: album.id }], (model) => model.putAlbum(album));
          return { album, created: false };
        }
        if (!album && Date.now() - claim.claimedAt.getTime() < ALBUM_CLAIM_IN_FLIGHT_MS && !(await this.claims.isDone('album', key, claim))) {
          await delay(WAIT_STEP_MS);
          continue;
        }
        // Renamed or deleted since, or its creator died: the name is free again.
        if (await this.claims.takeOver('album', key, claim, newId)) return { album: await this.create(userId, name, newId, key, cover, albumArtistId), created: true };
        // Another writer is moving this claim (ImportClaimsRepository): look again once it has.
        await delay(WAIT_STEP_MS);
      }
      throw new Error(`could not resolve the album "${name}" for ${userId}: its claim kept changing`);
    });
  }

  /** The album this import created got its first song: from now on it is the user's like any other. */
  async settle(userId: string, album: AlbumRecord): Promise<void> {
    await this.claims.markDone('album', claimKey(userId, album.name), album.id).catch((error: Error) => this.logger.warn(`could not settle album ${album.id}: ${error.message}`));
  }

  /**
   * Removes an album this import created when the song it was made for could
   * not be stored, unless a song joined it meanwhile: no album is left without
   * the songs that made it. The janitor calls it too, for albums a crash left
   * (`key` is then the claim's own key, the album may have been renamed since).
   * True when the album was removed.
   */
  async discardIfEmpty(userId: string, album: AlbumRecord, key = claimKey(userId, album.name)): Promise<boolean> {
    return this.catalog
      .underRecordLock(`import-album:${key}`, async () => {
        if ((await this.songs.listByAlbum(album.id)).length > 0) {
          await this.claims.markDone('album', key, album.id);
          return false;
        }
        await this.albums.delete(album.id);
        await this.catalog.publish([{ kind: 'album', id: album.id }], (model) => model.deleteAlbum(album.id));
        await this.claims.release('album', key, album.id);
        // Other records may share the file (SharedCovers): then the janitor deletes it once none does.
        await this.covers.release([album.coverFileId]);
        return true;
      })
      .catch((error: Error) => {
        this.logger.warn(`could not remove the empty album ${album.id}: ${error.message}`);
        return false;
      });
  }

  /**
   * The janitor's part: albums whose import died between creating them and
   * storing their first song (claims never settled, older than `before`) are
   * removed if still empty; claims whose album is gone are dropped.
   */
  async sweepAbandoned(before: Date): Promise<number> {
    // The claims' retirements (ImportClaimsRepository) are only needed while their writer acts: a day is plenty.
    await this.claims.pruneRetirements(new Date(Date.now() - CLAIM_RETIREMENT_TTL_MS));
    let removed = 0;
    for (const { key, targetId } of await this.claims.unsettled('album', before)) {
      const album = await this.albums.findById(targetId);
      if (!album) {
        await this.claims.release('album', key, targetId);
        continue;
      }
      if (await this.discardIfEmpty(album.artistId, album, key)) removed++;
    }
    return removed;
  }

  private async ownedByName(userId: string, name: string): Promise<AlbumRecord | null> {
    const wanted = albumKey(name);
    // Oldest first, so a user with two albums of one name always gets the same one.
    return (await this.catalog.current()).albumsByArtist(userId).find((album) => albumKey(album.name) === wanted) ?? null;
  }

  private async create(userId: string, name: string, id: string, key: string, cover: () => Promise<MediaUpload>, albumArtistId?: string): Promise<AlbumRecord> {
    let coverFileId: string | null = null;
    try {
      // Shared with the album's songs that show the same picture (SharedCovers).
      coverFileId = await this.covers.use(userId, await cover());
      const album = await this.albums.create({ id, name, artistId: userId, coverFileId, albumArtistId });
      await this.catalog.publish([{ kind: 'album', id }], (model) => model.putAlbum(album));
      // Not marked done yet: only once its first song is stored (settle), so the janitor can tell an album a crash
      // left empty from one its owner emptied.
      return album;
    } catch (error) {
      if (coverFileId) await this.covers.release([coverFileId]);
      await this.claims.release('album', key, id).catch(() => undefined);
      throw error;
    }
  }
}

function claimKey(userId: string, albumName: string): string {
  return `${userId}:${albumKey(albumName)}`;
}
