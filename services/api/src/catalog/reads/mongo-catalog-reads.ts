import { ObjectId as ObjectIdClass, type Collection, type Db, type Filter, type ObjectId, type WithId } from 'mongodb';
import { compareAlbumOrder } from '../album-order.js';
import { implicitKey } from '../position-keys.js';
import type { AlbumRecord, PlaylistRecord, SongRecord } from '../../persistence/catalog-records.js';
import type { Page, PageRequest } from '../paging.js';
import type { SongRef } from '../ref-list.js';
import {
  albumRecordOf,
  objectIdOf,
  playlistRecordOf,
  songRecordOf,
  type AlbumDocument,
  type EntryDocument,
  type LikeDocument,
  type PackLoudness,
  type PlaylistDocument,
  type SongDocument,
} from '../../persistence/catalog-documents.js';
import { ensureCatalogReadIndexes } from './catalog-read-indexes.js';
import { MongoAlbumListReads } from './mongo-album-list-reads.js';
import { MongoArtistReads } from './mongo-artist-reads.js';
import type { ArtistListing, ArtistPage, CatalogReads, GenreCount, UnattributedAlbumOwner } from './read-port.js';

/** A page's rows as read: one more than the limit, so the page knows whether another follows. */
interface Rows<T> {
  items: T[];
  more: boolean;
}

/**
 * The same reads as the in-memory model, answered by indexed queries on the collections (the indexes:
 * catalog-read-indexes.ts; docs/scaling.md says when this beats holding the catalog in memory). Every list pages by
 * key: a cursor is found again by its row's sort key, never by counting rows, and a page reads its limit plus one.
 */
export class MongoCatalogReads implements CatalogReads {
  readonly kind = 'mongodb';
  private readonly artistReads: MongoArtistReads;
  private readonly albumListReads: MongoAlbumListReads;

  constructor(
    private readonly db: () => Db,
    private readonly packLoudness: PackLoudness,
  ) {
    this.artistReads = new MongoArtistReads(db, (doc) => this.songOf(doc));
    this.albumListReads = new MongoAlbumListReads(db);
  }

  async ensureIndexes(): Promise<void> {
    await ensureCatalogReadIndexes(this.db());
  }

  async songsPage(request: PageRequest): Promise<Page<SongRecord>> {
    const songs = this.db().collection<SongDocument>('songs');
    const rows = await idOrdered(songs, {}, request);
    return pageFrom(rows, (doc) => this.songOf(doc), await songs.estimatedDocumentCount());
  }

  async song(id: string): Promise<SongRecord | null> {
    const _id = objectIdOf(id);
    const doc = _id && (await this.db().collection<SongDocument>('songs').findOne({ _id }));
    return doc ? this.songOf(doc) : null;
  }

  async songsByIds(ids: readonly string[]): Promise<SongRecord[]> {
    const found = await this.songsById(ids.flatMap((id) => objectIdOf(id) ?? []));
    return ids.flatMap((id) => found.get(id.toLowerCase()) ?? []);
  }

  async albumsPage(request: PageRequest): Promise<Page<AlbumRecord>> {
    const albums = this.db().collection<AlbumDocument>('albums');
    const rows = await idOrdered(albums, {}, request);
    return pageFrom(rows, albumRecordOf, await albums.estimatedDocumentCount());
  }

  /** The `_id` index walked backwards: a cursor is the last album's id, and the next page starts below it. */
  async newestAlbumsPage(request: PageRequest): Promise<Page<AlbumRecord>> {
    const albums = this.db().collection<AlbumDocument>('albums');
    const before = request.afterId !== undefined ? objectIdOf(request.afterId) : null;
    const query = albums.find(before ? { _id: { $lt: before } } : {}).sort({ _id: -1 });
    if (request.afterId === undefined && request.offset) query.skip(request.offset);
    if (request.limit !== undefined) query.limit(request.limit + 1);
    const docs = await query.toArray();
    const more = request.limit !== undefined && docs.length > request.limit;
    return pageFrom({ items: more ? docs.slice(0, request.limit) : docs, more }, albumRecordOf, await albums.estimatedDocumentCount());
  }

  async album(id: string): Promise<AlbumRecord | null> {
    const _id = objectIdOf(id);
    const doc = _id && (await this.db().collection<AlbumDocument>('albums').findOne({ _id }));
    return doc ? albumRecordOf(doc) : null;
  }

  /**
   * Album order puts songs without a disc on disc 1 and songs without a track after the numbered ones, which no index
   * order gives (a missing field sorts first): the album's songs come whole by `album_id` (an album is a few dozen
   * songs) and are ordered and paged as the model does.
   */
  async albumSongs(albumId: string, request: PageRequest): Promise<Page<SongRecord> | null> {
    const _id = objectIdOf(albumId);
    if (!_id || !(await this.db().collection<AlbumDocument>('albums').findOne({ _id }, { projection: { _id: 1 } }))) return null;
    const songs = (await this.db().collection<SongDocument>('songs').find({ album_id: _id }).toArray()).map((doc) => this.songOf(doc)).sort(compareAlbumOrder);
    let start = Math.min(request.offset ?? 0, songs.length);
    if (request.afterId !== undefined) {
      const cursor = songs.find((song) => song.id === request.afterId!.toLowerCase());
      start = cursor ? songs.findIndex((song) => compareAlbumOrder(song, cursor) > 0) : 0;
      if (start < 0) start = songs.length;
    }
    const end = request.limit === undefined ? songs.length : Math.min(songs.length, start + request.limit);
    const items = songs.slice(start, end);
    return { items, nextAfterId: end < songs.length && items.length > 0 ? items[items.length - 1]!.id : null, total: songs.length };
  }

  async visiblePlaylist(id: string, viewerId: string | null): Promise<PlaylistRecord | null> {
    const _id = objectIdOf(id);
    const doc = _id && (await this.db().collection<PlaylistDocument>('playlists').findOne({ _id }));
    return doc && (doc.private !== true || (viewerId !== null && doc.creator_id.toHexString() === viewerId)) ? playlistRecordOf(doc) : null;
  }

  async visiblePlaylistsPage(viewerId: string | null, request: PageRequest): Promise<Page<PlaylistRecord>> {
    const playlists = this.db().collection<PlaylistDocument>('playlists');
    const viewer = viewerId ? objectIdOf(viewerId) : null;
    const visible: Filter<PlaylistDocument> = viewer ? { $or: [{ private: false }, { creator_id: viewer }] } : { private: false };
    const rows = await idOrdered(playlists, visible, request);
    return pageFrom(rows, playlistRecordOf, await playlists.countDocuments(visible));
  }

  /** `{creator_id, _id}` from the cursor; someone else's private playlists are left out (a creator has few). */
  async creatorPlaylistsPage(creatorId: string, viewerId: string | null, request: PageRequest): Promise<Page<PlaylistRecord>> {
    const creator = objectIdOf(creatorId);
    if (!creator) return { items: [], nextAfterId: null, total: 0 };
    const playlists = this.db().collection<PlaylistDocument>('playlists');
    const visible: Filter<PlaylistDocument> = viewerId !== null && viewerId === creator.toHexString() ? { creator_id: creator } : { creator_id: creator, private: { $ne: true } };
    const rows = await idOrdered(playlists, visible, request);
    return pageFrom(rows, playlistRecordOf, await playlists.countDocuments(visible));
  }

  /**
   * As the model orders entries: by order key, then id, where an entry stored without a key (null or '') stands at its
   * implicit key (position-keys.ts: "Zz", its id in base 62, "V"; id order, before appended keys, and a move may land
   * between two of them). Two index-ordered runs, merged by that key: the unkeyed by `_id` (their implicit keys grow
   * with it), the keyed by `position`, `_id`. A cursor entry is found by id and the page goes on after its place; a
   * cursor that names no entry starts again at the top (the model also remembers the last 256 removed entries' places).
   */
  async playlistEntries(playlistId: string, request: PageRequest): Promise<Page<SongRef> | null> {
    const playlist = objectIdOf(playlistId);
    if (!playlist || !(await this.db().collection<PlaylistDocument>('playlists').findOne({ _id: playlist }, { projection: { _id: 1 } }))) return null;
    const entries = this.db().collection<EntryDocument>('playlist_songs');
    const cursorId = request.afterId !== undefined ? objectIdOf(request.afterId) : null;
    const cursor = cursorId && (await entries.findOne({ _id: cursorId, playlist_id: playlist }, { projection: { position: 1 } }));
    const want = request.limit === undefined ? Number.POSITIVE_INFINITY : request.limit;
    // Without a cursor an offset counts in the merged order, so both runs read past it.
    const skip = cursor || request.afterId !== undefined ? 0 : (request.offset ?? 0);
    const take = want + 1 + skip + 1;
    const read = async (filter: Filter<EntryDocument>, sort: Record<string, 1>) => {
      const batch = entries.find(filter).sort(sort);
      if (Number.isFinite(take)) batch.limit(take);
      return batch.toArray();
    };
    const after = cursor ? { key: keyOf(cursor), id: cursor._id.toHexString() } : null;
    const isAfter = (doc: EntryDocument) => !after || compareEntries(keyOf(doc), doc._id.toHexString(), after.key, after.id) > 0;
    const lowest = after ? lowestIdAfter(after.key) : null;
    const unkeyed = after && lowest === undefined ? [] : await read({ playlist_id: playlist, position: { $in: [null, ''] }, ...(lowest ? { _id: { $gte: lowest } } : {}) }, { _id: 1 });
    const keyedAfter: Filter<EntryDocument> = after ? { $or: [{ position: { $gt: after.key } }, { position: after.key, _id: { $gt: cursor!._id } }] } : { position: { $gt: '' } };
    const keyed = await read({ playlist_id: playlist, ...keyedAfter }, { position: 1, _id: 1 });
    const merged = [...unkeyed.filter(isAfter), ...keyed.filter(isAfter)].sort((a, b) => compareEntries(keyOf(a), a._id.toHexString(), keyOf(b), b._id.toHexString()));
    const found = merged.slice(skip, Number.isFinite(want) ? skip + want + 1 : undefined);
    const more = found.length > want;
    const docs = more ? found.slice(0, want) : found;
    const songs = await this.songsById(docs.map((doc) => doc.song_id));
    const items = docs.flatMap((doc): SongRef[] => {
      const song = songs.get(doc.song_id.toHexString());
      if (!song) return [];
      const ref: SongRef = { id: doc._id.toHexString(), song, at: doc.added_at };
      if (doc.position) ref.orderKey = doc.position;
      return [ref];
    });
    return { items, nextAfterId: more && items.length > 0 ? items[items.length - 1]!.id : null, total: await entries.countDocuments({ playlist_id: playlist }) };
  }

  async likesPage(userId: string, request: PageRequest): Promise<Page<SongRef>> {
    const user = objectIdOf(userId);
    if (!user) return { items: [], nextAfterId: null, total: 0 };
    const likes = this.db().collection<LikeDocument>('likes');
    const before = request.afterId !== undefined ? objectIdOf(request.afterId) : null;
    const query = likes.find({ user_id: user, ...(before ? { _id: { $lt: before } } : {}) }).sort({ _id: -1 });
    if (!before && request.offset) query.skip(request.offset);
    if (request.limit !== undefined) query.limit(request.limit + 1);
    const docs = await query.toArray();
    const more = request.limit !== undefined && docs.length > request.limit;
    const page = more ? docs.slice(0, request.limit) : docs;
    const songs = await this.songsById(page.map((doc) => doc.song_id));
    const items = page.flatMap((doc) => {
      const song = songs.get(doc.song_id.toHexString());
      return song ? [{ id: doc._id.toHexString(), song, at: doc.liked_at }] : [];
    });
    return { items, nextAfterId: more && items.length > 0 ? items[items.length - 1]!.id : null, total: await likes.countDocuments({ user_id: user }) };
  }

  artistsPage(request: PageRequest, letter?: string): Promise<Page<ArtistListing>> {
    return this.artistReads.artistsPage(request, letter);
  }

  artistPage(id: string, limits: { albums: number; topSongs: number }): Promise<ArtistPage | null> {
    return this.artistReads.artistPage(id, limits);
  }

  genres(): Promise<GenreCount[]> {
    return this.artistReads.genres();
  }

  genreSongs(name: string, request: PageRequest): Promise<Page<SongRecord> | null> {
    return this.artistReads.genreSongs(name, request);
  }

  albumArtistAlbums(artistId: string, limit: number): Promise<AlbumRecord[]> {
    return this.albumListReads.albumArtistAlbums(artistId, limit);
  }

  unattributedAlbums(ownerId: string, limit: number): Promise<AlbumRecord[]> {
    return this.albumListReads.unattributedAlbums(ownerId, limit);
  }

  unattributedAlbumOwners(): Promise<UnattributedAlbumOwner[]> {
    return this.albumListReads.unattributedAlbumOwners();
  }

  genreAlbums(name: string): Promise<AlbumRecord[]> {
    return this.albumListReads.genreAlbums(name);
  }

  /** The songs with these ids, by id: one `_id $in` query (the primary key on MongoDB; FerretDB 1.24 scans for it, docs/scaling.md). */
  private async songsById(ids: ObjectId[]): Promise<Map<string, SongRecord>> {
    if (ids.length === 0) return new Map();
    const docs = await this.db().collection<SongDocument>('songs').find({ _id: { $in: ids } }).toArray();
    return new Map(docs.map((doc) => [doc._id.toHexString(), this.songOf(doc)]));
  }

  private songOf(doc: SongDocument): SongRecord {
    return songRecordOf(doc, this.packLoudness);
  }
}

/** Rows after the cursor id (or from the offset) in `_id` order, limit plus one. */
async function idOrdered<T extends { _id: ObjectId }>(collection: Collection<T>, filter: Filter<T>, request: PageRequest): Promise<Rows<WithId<T>>> {
  const after = request.afterId !== undefined ? objectIdOf(request.afterId) : null;
  const where = (after ? { $and: [filter, { _id: { $gt: after } }] } : filter) as Filter<T>;
  const skipped = collection.find(where).sort({ _id: 1 });
  if (request.afterId === undefined && request.offset) skipped.skip(request.offset);
  const docs = await (request.limit === undefined ? skipped.toArray() : skipped.limit(request.limit + 1).toArray());
  const more = request.limit !== undefined && docs.length > request.limit;
  return { items: more ? docs.slice(0, request.limit) : docs, more };
}

function pageFrom<D extends { _id: ObjectId }, T>(rows: Rows<D>, record: (doc: D) => T, total: number): Page<T> {
  const last = rows.items[rows.items.length - 1];
  return { items: rows.items.map(record), nextAfterId: rows.more && last ? last._id.toHexString() : null, total };
}

/** An entry's place in its playlist: its order key, or the implicit key of an entry stored without one. */
function keyOf(doc: Pick<EntryDocument, '_id' | 'position'>): string {
  return doc.position || implicitKey(doc._id.id);
}

function compareEntries(keyA: string, idA: string, keyB: string, idB: string): number {
  if (keyA !== keyB) return keyA < keyB ? -1 : 1;
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

const BASE_62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The lowest id whose implicit key may sort after `key` (ids below it sort at or before it): null when every unkeyed
 * entry may, undefined when none can (`key` is past every implicit key).
 */
function lowestIdAfter(key: string): ObjectId | null | undefined {
  if (key < 'Zz') return null;
  if (!key.startsWith('Zz')) return undefined;
  let value = 0n;
  for (const char of key.slice(2, 19).padEnd(17, '0')) value = value * 62n + BigInt(Math.max(0, BASE_62.indexOf(char)));
  if (value >= 1n << 96n) return undefined;
  return new ObjectIdClass(value.toString(16).padStart(24, '0'));
}
