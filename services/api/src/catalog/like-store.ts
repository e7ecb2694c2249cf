import type { LikeRecord } from '../persistence/catalog-records.js';
import { byId, pageOf, type Page, type PageRequest } from './paging.js';
import { RefList, type SongRef } from './ref-list.js';
import type { SongStore } from './song-store.js';

/** Each user's liked songs (slots), in the order they were liked. */
export class LikeStore {
  private readonly byUser = new Map<string, RefList>();

  constructor(private readonly songs: SongStore) {}

  /** Newest like first. */
  page(userId: string, request: PageRequest): Page<SongRef> {
    const likes = this.byUser.get(userId) ?? new RefList();
    const newestFirst = (position: number) => this.songs.refAt(likes, likes.length - 1 - position);
    // Positions count from the newest; after a cursor comes the next older like, whether or not the cursor's like is still there.
    return pageOf(likes.length, newestFirst, byId, request, (id) => likes.length - likes.positionOf(id));
  }

  like(userId: string, songId: string): SongRef | null {
    return this.songs.findRef(this.byUser.get(userId), songId);
  }

  /** The ids of the likes of the song's slot, by any user. */
  idsOfSong(slot: number): string[] {
    const ids: string[] = [];
    for (const likes of this.byUser.values()) {
      const position = likes.positionOfSlot(slot);
      if (position >= 0) ids.push(likes.idAt(position));
    }
    return ids;
  }

  /** False when the song is gone: the row is an orphan (see CatalogLoader.apply). */
  put(like: LikeRecord): boolean {
    const slot = this.songs.table.slotOf(like.songId);
    if (slot < 0) return false;
    let likes = this.byUser.get(like.userId);
    if (!likes) {
      likes = new RefList();
      this.byUser.set(like.userId, likes);
    }
    likes.put(like.id, slot, like.likedAt);
    return true;
  }

  delete(userId: string, songId: string): void {
    const slot = this.songs.table.slotOf(songId);
    if (slot >= 0) this.byUser.get(userId)?.removeSlot(slot);
  }

  /** Drops the song's likes (the song is being deleted). */
  removeSong(slot: number): void {
    for (const likes of this.byUser.values()) likes.removeSlot(slot);
  }

  *records(): Generator<LikeRecord> {
    for (const [userId, likes] of this.byUser) {
      for (let position = 0; position < likes.length; position++) {
        yield { id: likes.idAt(position), userId, songId: this.songs.table.id(likes.slotAt(position)), likedAt: likes.timeAt(position) };
      }
    }
  }

  compact(): void {
    for (const likes of this.byUser.values()) likes.compact();
  }
}
