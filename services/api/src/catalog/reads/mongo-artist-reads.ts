import type { Collection, Db, Filter, ObjectId } from 'mongodb';
import { newestAlbumsFirst } from '../album-order.js';
import { artistSortKeyRange } from '../../persistence/artist-sort-key.js';
import type { AlbumRecord, SongRecord } from '../../persistence/catalog-records.js';
import { compareGenreNames } from '../genre-store.js';
import type { Page, PageRequest } from '../paging.js';
import { albumRecordOf, artistRecordOf, objectIdOf, type AlbumDocument, type ArtistDocument, type SongDocument } from '../../persistence/catalog-documents.js';
import { newestSongYears } from './mongo-album-list-reads.js';
import type { ArtistListing, ArtistPage, GenreCount } from './read-port.js';

/** Artists read per query while the A–Z list looks for listed ones (stored artists without songs or albums are few). */
const MIN_ARTIST_BATCH = 16;

/**
 * The artist and genre reads of the MongoDB adapter (mongo-catalog-reads.ts hands them on). An artist is listed while a
 * song credits it (`songs.credit_ids`) or it is an album's album artist; the A–Z list pages by the stored `sort_key`
 * (artist-sort-key.ts; every write sets it, and artists/artist-sort-keys.ts fills older ones in after each start's
 * catalog load). Indexes: catalog-read-indexes.ts.
 */
export class MongoArtistReads {
  constructor(
    private readonly db: () => Db,
    private readonly songOf: (doc: SongDocument) => SongRecord,
  ) {}

  private get artists(): Collection<ArtistDocument> {
    return this.db().collection<ArtistDocument>('artists');
  }

  private get songs(): Collection<SongDocument> {
    return this.db().collection<SongDocument>('songs');
  }

  private get albums(): Collection<AlbumDocument> {
    return this.db().collection<AlbumDocument>('albums');
  }

  /**
   * Listed artists by (sort_key, _id) from the cursor's place, in batches until a page and one more are found. The
   * total counts the listed ones in range: every credited and album-artist id (two `distinct`s over indexes).
   */
  async artistsPage(request: PageRequest, letter?: string): Promise<Page<ArtistListing>> {
    const range: Filter<ArtistDocument> = letter === undefined ? {} : (([from, to]) => ({ sort_key: { $gte: from, $lt: to } }))(artistSortKeyRange(letter));
    let place: { key: string; _id: ObjectId } | null = null;
    if (request.afterId !== undefined) {
      const _id = objectIdOf(request.afterId);
      const cursor = _id && (await this.artists.findOne({ _id }, { projection: { sort_key: 1 } }));
      if (cursor?.sort_key !== undefined && cursor.sort_key !== null) place = { key: cursor.sort_key, _id: cursor._id };
    }
    const want = request.limit ?? Number.POSITIVE_INFINITY;
    let skip = request.afterId === undefined ? (request.offset ?? 0) : 0;
    const batchSize = Number.isFinite(want) ? Math.max(MIN_ARTIST_BATCH, want + 1) : 1000;
    const found: ArtistListing[] = [];
    while (found.length <= want) {
      const after: Filter<ArtistDocument> = place ? { $or: [{ sort_key: { $gt: place.key } }, { sort_key: place.key, _id: { $gt: place._id } }] } : {};
      const batch = await this.artists.find({ $and: [range, after] }).sort({ sort_key: 1, _id: 1 }).limit(batchSize).toArray();
      for (const listing of await this.listingsOf(batch)) {
        if (found.length > want) break;
        if (skip > 0) skip--;
        else found.push(listing);
      }
      const last = batch[batch.length - 1];
      if (batch.length < batchSize || !last) break;
      place = { key: last.sort_key!, _id: last._id };
    }
    const more = found.length > want;
    const items = more ? found.slice(0, want) : found;
    return { items, nextAfterId: more && items.length > 0 ? items[items.length - 1]!.record.id : null, total: await this.listedCount(range) };
  }

  async artistPage(id: string, limits: { albums: number; topSongs: number }): Promise<ArtistPage | null> {
    const _id = objectIdOf(id);
    const doc = _id && (await this.artists.findOne({ _id }));
    const [artist] = doc ? await this.listingsOf([doc]) : [];
    if (!_id || !artist) return null;
    const own = (await this.albums.find({ album_artist_id: _id }).toArray()).map(albumRecordOf);
    const years = await this.newestYears(own.map((album) => album.id));
    // Albums holding a song crediting it, other than its own: the songs' album ids, then those albums newest made first.
    const holding = (await this.songs.distinct('album_id', { credit_ids: _id })).filter((albumId): albumId is ObjectId => albumId !== null);
    const appearsOn = holding.length === 0 ? [] : await this.albums.find({ _id: { $in: holding }, album_artist_id: { $ne: _id } }).sort({ _id: -1 }).limit(limits.albums).toArray();
    return {
      artist,
      albums: newestAlbumsFirst(own, (albumId) => years.get(albumId) ?? null).slice(0, limits.albums),
      topSongs: await this.topSongs(_id, limits.topSongs),
      appearsOn: appearsOn.map(albumRecordOf),
    };
  }

  /** Every genre with its song count: one group over the songs' genres (a covered scan of the `genre` index on MongoDB). */
  async genres(): Promise<GenreCount[]> {
    const groups = await this.songs.aggregate<{ _id: string; songCount: number }>([{ $match: { genre: { $ne: null } } }, { $group: { _id: '$genre', songCount: { $sum: 1 } } }]).toArray();
    return groups.map(({ _id, songCount }) => ({ name: _id, songCount })).sort((a, b) => compareGenreNames(a.name, b.name));
  }

  /** The genre's songs by id, paged by key on `{genre, _id}`. */
  async genreSongs(name: string, request: PageRequest): Promise<Page<SongRecord> | null> {
    const total = await this.songs.countDocuments({ genre: name });
    if (total === 0) return null;
    const after = request.afterId !== undefined ? objectIdOf(request.afterId) : null;
    const query = this.songs.find({ genre: name, ...(after ? { _id: { $gt: after } } : {}) }).sort({ _id: 1 });
    if (request.afterId === undefined && request.offset) query.skip(request.offset);
    if (request.limit !== undefined) query.limit(request.limit + 1);
    const docs = await query.toArray();
    const more = request.limit !== undefined && docs.length > request.limit;
    const items = (more ? docs.slice(0, request.limit) : docs).map(this.songOf);
    return { items, nextAfterId: more && items.length > 0 ? items[items.length - 1]!.id : null, total };
  }

  /** Most played first, ties by id: the played ones by the `{credit_ids, plays, _id}` order, then unplayed ones by id (a missing count is 0). */
  private async topSongs(artist: ObjectId, limit: number): Promise<SongRecord[]> {
    const played = await this.songs.find({ credit_ids: artist, plays: { $gt: 0 } }).sort({ plays: -1, _id: 1 }).limit(limit).toArray();
    const unplayed = played.length >= limit ? [] : await this.songs.find({ credit_ids: artist, plays: { $not: { $gt: 0 } } }).sort({ _id: 1 }).limit(limit - played.length).toArray();
    return [...played, ...unplayed].map(this.songOf);
  }

  /** The year of each album's newest song (an artist has few albums: one look-up each). */
  private newestYears(albumIds: string[]): Promise<Map<string, number>> {
    return newestSongYears(this.songs, albumIds);
  }

  /** The listed ones among these artists, in the order given, with their counts and pictures. */
  private async listingsOf(docs: ArtistDocument[]): Promise<ArtistListing[]> {
    if (docs.length === 0) return [];
    const ids = docs.map((doc) => doc._id);
    const [songCounts, albumCounts] = await Promise.all([
      this.counted(this.songs, [{ $match: { credit_ids: { $in: ids } } }, { $unwind: '$credit_ids' }, { $match: { credit_ids: { $in: ids } } }, { $group: { _id: '$credit_ids', count: { $sum: 1 } } }]),
      this.counted(this.albums, [{ $match: { album_artist_id: { $in: ids } } }, { $group: { _id: '$album_artist_id', count: { $sum: 1 } } }]),
    ]);
    const listed = docs.filter((doc) => songCounts.has(doc._id.toHexString()) || albumCounts.has(doc._id.toHexString()));
    // One look-up per listed artist, together: FerretDB has no $first to take them in one group.
    const pictures = await Promise.all(listed.map((doc) => this.pictureOf(doc._id, albumCounts.has(doc._id.toHexString()))));
    return listed.map((doc, at) => {
      const id = doc._id.toHexString();
      return { record: artistRecordOf(doc), songCount: songCounts.get(id) ?? 0, albumCount: albumCounts.get(id) ?? 0, pictureFileId: pictures[at]! };
    });
  }

  /** Its first album's cover, else its first song's: by id, the order the in-memory model lists an artist's albums and songs in. */
  private async pictureOf(artist: ObjectId, hasAlbums: boolean): Promise<string | null> {
    const first = hasAlbums
      ? await this.albums.find({ album_artist_id: artist }, { projection: { cover_file_id: 1 } }).sort({ _id: 1 }).limit(1).next()
      : await this.songs.find({ credit_ids: artist }, { projection: { cover_file_id: 1 } }).sort({ _id: 1 }).limit(1).next();
    return first ? first.cover_file_id.toHexString() : null;
  }

  private async counted<T extends object>(collection: Collection<T>, pipeline: object[]): Promise<Map<string, number>> {
    const groups = await collection.aggregate<{ _id: ObjectId; count: number }>(pipeline).toArray();
    return new Map(groups.map(({ _id, count }) => [_id.toHexString(), count]));
  }
  /** Listed artists in the range: the stored ones among every credited id and album artist id. */
  private async listedCount(range: Filter<ArtistDocument>): Promise<number> {
    const [credited, albumArtists] = await Promise.all([this.songs.distinct('credit_ids'), this.albums.distinct('album_artist_id')]);
    const listed = new Map<string, ObjectId>();
    for (const id of [...credited, ...albumArtists] as (ObjectId | null)[]) if (id) listed.set(id.toHexString(), id);
    if (listed.size === 0) return 0;
    return this.artists.countDocuments({ ...range, _id: { $in: [...listed.values()] } });
  }
}
