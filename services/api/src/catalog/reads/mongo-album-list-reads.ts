import type { Collection, Db, ObjectId } from 'mongodb';
import { newestAlbumsFirst } from '../album-order.js';
import type { AlbumRecord } from '../../persistence/catalog-records.js';
import { albumRecordOf, objectIdOf, type AlbumDocument, type SongDocument } from '../../persistence/catalog-documents.js';
import type { UnattributedAlbumOwner } from './read-port.js';

/** A user document as far as these reads need it. */
interface UserNameDocument {
  _id: ObjectId;
  username: string;
}

/** An album that names no album artist: the field missing or null (an album artist id always names a stored artist). */
const UNATTRIBUTED = { album_artist_id: null };

/**
 * The MongoDB adapter's lists of albums by who they belong to and by genre (mongo-catalog-reads.ts hands them on):
 * an album artist's, an owner's albums that name no album artist, and a genre's. Indexes: catalog-read-indexes.ts.
 */
export class MongoAlbumListReads {
  constructor(private readonly db: () => Db) {}

  private get albums(): Collection<AlbumDocument> {
    return this.db().collection<AlbumDocument>('albums');
  }

  private get songs(): Collection<SongDocument> {
    return this.db().collection<SongDocument>('songs');
  }

  async albumArtistAlbums(artistId: string, limit: number): Promise<AlbumRecord[]> {
    const _id = objectIdOf(artistId);
    if (!_id || limit <= 0) return [];
    return this.newestFirst((await this.albums.find({ album_artist_id: _id }).toArray()).map(albumRecordOf), limit);
  }

  async unattributedAlbums(ownerId: string, limit: number): Promise<AlbumRecord[]> {
    const owner = objectIdOf(ownerId);
    if (!owner || limit <= 0) return [];
    return this.newestFirst((await this.albums.find({ ...UNATTRIBUTED, artist_id: owner }).toArray()).map(albumRecordOf), limit);
  }

  /**
   * One group of the unattributed albums by owner (`$sum` is an accumulator FerretDB has), then per owner its first
   * album's cover (no `$first` on FerretDB) and the usernames in one `_id $in`.
   */
  async unattributedAlbumOwners(): Promise<UnattributedAlbumOwner[]> {
    const groups = await this.albums
      .aggregate<{ _id: ObjectId; albumCount: number }>([{ $match: UNATTRIBUTED }, { $group: { _id: '$artist_id', albumCount: { $sum: 1 } } }])
      .toArray();
    if (groups.length === 0) return [];
    const owners = groups.map((group) => group._id);
    const [firsts, users] = await Promise.all([
      Promise.all(owners.map((owner) => this.albums.find({ ...UNATTRIBUTED, artist_id: owner }, { projection: { cover_file_id: 1 } }).sort({ _id: 1 }).limit(1).next())),
      this.db().collection<UserNameDocument>('users').find({ _id: { $in: owners } }, { projection: { username: 1 } }).toArray(),
    ]);
    const names = new Map(users.map((user) => [user._id.toHexString(), user.username]));
    return groups
      .map(({ _id, albumCount }, at) => ({ ownerId: _id.toHexString(), username: names.get(_id.toHexString()) ?? '', albumCount, coverFileId: firsts[at]!.cover_file_id.toHexString() }))
      .sort((a, b) => (a.ownerId < b.ownerId ? -1 : 1));
  }

  /** The genre's songs' distinct albums (covered by `{genre, album_id}` on MongoDB), then those albums by `_id`. */
  async genreAlbums(name: string): Promise<AlbumRecord[]> {
    const ids = (await this.songs.distinct('album_id', { genre: name })).filter((id): id is ObjectId => id !== null);
    if (ids.length === 0) return [];
    return (await this.albums.find({ _id: { $in: ids } }).sort({ _id: 1 }).toArray()).map(albumRecordOf);
  }

  /** As an artist's page orders albums: by the year of the newest song, then the most recently made. */
  private async newestFirst(albums: AlbumRecord[], limit: number): Promise<AlbumRecord[]> {
    const years = await newestSongYears(this.songs, albums.map((album) => album.id));
    return newestAlbumsFirst(albums, (albumId) => years.get(albumId) ?? null).slice(0, limit);
  }
}

/**
 * The year of each album's newest song (albums none of whose songs has a year are left out): one look-up per album,
 * together (FerretDB has no $max to group them).
 */
export async function newestSongYears(songs: Collection<SongDocument>, albumIds: string[]): Promise<Map<string, number>> {
  const newest = await Promise.all(
    albumIds.map((id) => songs.find({ album_id: objectIdOf(id)!, year: { $ne: null } }, { projection: { year: 1 } }).sort({ year: -1 }).limit(1).next()),
  );
  return new Map(albumIds.flatMap((id, at) => (typeof newest[at]?.year === 'number' ? [[id, newest[at]!.year!] as const] : [])));
}
