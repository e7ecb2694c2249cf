import { Injectable } from '@nestjs/common';
import type { LikeRecord, LikedSong, SessionUser, UnlikedResponse } from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { requireId, requireSongRef } from '../common/ids.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { SongsRepository } from '../songs/songs.repository.js';
import { LikesRepository, type LikeRecord as StoredLike } from './likes.repository.js';

export interface LikeOutcome {
  like: LikeRecord;
  /** False when the song was already liked; the controller answers 200 instead of 201. */
  created: boolean;
}

/**
 * A user's liked songs. The user id sits in every path (the spec's routes), but
 * a collection is private: the id must be the session user's own, never
 * trusted to pick whose collection to read or change.
 */
@Injectable()
export class CollectionService {
  constructor(
    private readonly likes: LikesRepository,
    private readonly songs: SongsRepository,
    private readonly songPresenter: SongPresenter,
  ) {}

  /** Newest like first; likes of songs that are gone (cleanup pending) are skipped. */
  async tracks(userId: unknown, viewer: SessionUser): Promise<LikedSong[]> {
    const likes = await this.likes.listByUser(this.ownCollection(userId, viewer));
    const songs = await this.songPresenter.present(await this.songs.findByIds(likes.map((like) => like.songId)));
    const songsById = new Map(songs.map((song) => [song.id, song]));
    return likes.flatMap((like) => {
      const song = songsById.get(like.songId);
      return song ? [{ ...toLikeRecord(like), liked_at: like.likedAt.toISOString(), song }] : [];
    });
  }

  /** Idempotent: liking again answers the existing record, so a double click never makes two rows. */
  async like(userId: unknown, viewer: SessionUser, body: unknown): Promise<LikeOutcome> {
    const owner = this.ownCollection(userId, viewer);
    const songId = requireSongRef(body);
    if (!(await this.songs.findById(songId))) throw ApiException.notFound('Song');
    const { like, created } = await this.likes.likeOnce(owner, songId);
    return { like: toLikeRecord(like), created };
  }

  /**
   * Idempotent as well: the heart toggles locally before the call is sent, so a
   * repeated or late unlike must not turn into an error the UI would have to undo.
   * Works for songs deleted since, so a stale like can always be cleared.
   */
  async unlike(userId: unknown, viewer: SessionUser, body: unknown): Promise<UnlikedResponse> {
    const owner = this.ownCollection(userId, viewer);
    const songId = requireSongRef(body);
    await this.likes.unlike(owner, songId);
    return { song_id: songId, liked: false };
  }

  /** 404 simply means "not liked"; the song page treats any failure that way. */
  async liked(userId: unknown, songId: unknown, viewer: SessionUser): Promise<LikeRecord> {
    const owner = this.ownCollection(userId, viewer);
    const like = await this.likes.find(owner, requireId(songId, 'song'));
    if (!like) throw new ApiException(404, 'NOT_FOUND', 'This song is not in your collection.');
    return toLikeRecord(like);
  }

  private ownCollection(userId: unknown, viewer: SessionUser): string {
    const id = requireId(userId, 'user');
    if (id !== viewer.id) throw ApiException.forbidden('You can only use your own collection.');
    return id;
  }
}

function toLikeRecord(like: StoredLike): LikeRecord {
  return { id: like.id, song_id: like.songId };
}
