import { Inject, Injectable, Optional } from '@nestjs/common';
import type { LikeRecord, LikedSong, LikedSongsPage, PageQuery, SessionUser, UnlikedResponse } from '@tunafy/contracts';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { pageBody } from '../catalog/list-source.js';
import { toPageRequest } from '../catalog/page-query.js';
import type { SongRef } from '../catalog/ref-list.js';
import { MemoryCatalogReads } from '../catalog/reads/memory-catalog-reads.js';
import { CATALOG_READS, type CatalogReads } from '../catalog/reads/read-port.js';
import { ApiException } from '../common/api-exception.js';
import { requireId, requireSongRef } from '../common/ids.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { LikesRepository } from '../persistence/likes.repository.js';

export interface LikeOutcome {
  like: LikeRecord;
  /** False when the song was already liked; the controller answers 200 instead of 201. */
  created: boolean;
}

/**
 * A user's liked songs. The user id sits in every path (the spec's routes), but
 * a collection is private: the id must be the session user's own, never
 * trusted to pick whose collection to read or change. Reads come from the
 * in-memory catalog; each like and unlike is serialized per user and song, so
 * a quick like-unlike reaches it in the order the database took them.
 */
@Injectable()
export class CollectionService {
  private readonly reads: CatalogReads;

  constructor(
    private readonly likes: LikesRepository,
    private readonly catalog: CatalogReadModel,
    private readonly songPresenter: SongPresenter,
    // The configured read port; the unit tests that build the service by hand read their model through the memory one.
    @Optional() @Inject(CATALOG_READS) reads?: CatalogReads,
  ) {
    this.reads = reads ?? new MemoryCatalogReads(catalog);
  }

  /** Newest like first: every liked song (the spec's bare array), or a page `{tracks, next_cursor, total}` with `limit`. */
  async tracks(userId: unknown, viewer: SessionUser, page: PageQuery): Promise<LikedSong[] | LikedSongsPage> {
    const owner = this.ownCollection(userId, viewer);
    const likes = await this.reads.likesPage(owner, toPageRequest(page));
    const present = (refs: SongRef[]): LikedSong[] => {
      const songs = this.songPresenter.present(refs.map((ref) => ref.song));
      return refs.map((ref, position) => ({ id: ref.id, song_id: ref.song.id, liked_at: ref.at.toISOString(), song: songs[position]! }));
    };
    if (page.limit === undefined) return present(likes.items);
    return pageBody('tracks', likes, present);
  }

  /** Idempotent: liking again answers the existing record, so a double click never makes two rows. */
  async like(userId: unknown, viewer: SessionUser, body: unknown): Promise<LikeOutcome> {
    const owner = this.ownCollection(userId, viewer);
    const songId = requireSongRef(body);
    if (!(await this.catalog.current()).song(songId)) throw ApiException.notFound('Song');
    return this.catalog.underRecordLock(`like:${owner}:${songId}`, async () => {
      const known = (await this.catalog.current()).like(owner, songId);
      if (known) return { like: { id: known.id, song_id: songId }, created: false };
      const outcome = await this.likes.likeOnce(owner, songId);
      if (!outcome) throw ApiException.notFound('Song');
      const { like, created } = outcome;
      // Recorded even when it was there already: the copy follows what the database answered.
      let held = true;
      await this.catalog.publish([{ kind: 'like', userId: owner, songId }], (model) => {
        held = model.putLike(like);
      });
      // The song was deleted here after the check above: the new row would outlive it.
      if (!held) {
        await this.likes.deleteByIds([like.id]);
        throw ApiException.notFound('Song');
      }
      return { like: { id: like.id, song_id: like.songId }, created };
    });
  }

  /**
   * Idempotent as well: the heart toggles locally before the call is sent, so a
   * repeated or late unlike must not turn into an error the UI would have to undo.
   * Works for songs deleted since, so a stale like can always be cleared.
   */
  async unlike(userId: unknown, viewer: SessionUser, body: unknown): Promise<UnlikedResponse> {
    const owner = this.ownCollection(userId, viewer);
    const songId = requireSongRef(body);
    await this.catalog.underRecordLock(`like:${owner}:${songId}`, async () => {
      // By id when this copy knows the like (fast on every engine); else by user and song, which the embedded
      // engine answers by reading every like: a like of a song deleted since, or one made through another replica.
      const known = (await this.catalog.current()).like(owner, songId);
      if (!known || !(await this.likes.deleteById(known.id))) await this.likes.unlike(owner, songId);
      await this.catalog.publish([{ kind: 'like', userId: owner, songId }], (model) => model.deleteLike(owner, songId));
    });
    return { song_id: songId, liked: false };
  }

  /** 404 simply means "not liked"; the song page treats any failure that way. */
  async liked(userId: unknown, songId: unknown, viewer: SessionUser): Promise<LikeRecord> {
    const owner = this.ownCollection(userId, viewer);
    const like = (await this.catalog.current()).like(owner, requireId(songId, 'song'));
    if (!like) throw new ApiException(404, 'NOT_FOUND', 'This song is not in your collection.');
    return { id: like.id, song_id: like.song.id };
  }

  private ownCollection(userId: unknown, viewer: SessionUser): string {
    const id = requireId(userId, 'user');
    if (id !== viewer.id) throw ApiException.forbidden('You can only use your own collection.');
    return id;
  }
}
