import { Inject, Injectable } from '@nestjs/common';
import { artistLetter } from '@tunafy/contracts';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import type { CatalogModel } from '../catalog/catalog-model.js';
import { CATALOG_READS, type CatalogReads } from '../catalog/reads/read-port.js';
import type { SubsonicPayload } from './protocol/subsonic-response.js';
import { SharedAnswer } from './shared-answer.js';
import { creditedArtist, sortKeyOf, type SubsonicArtist } from './subsonic-view.js';

export type AlbumOrder = 'alphabeticalByName' | 'alphabeticalByArtist' | 'byYear' | 'frequent';

interface Orders {
  artists: SubsonicArtist[];
  artistById: Map<string, SubsonicArtist>;
  /** Accounts standing in as the artist of their albums that name no album artist. */
  owners: Set<string>;
  albums: Partial<Record<AlbumOrder, AlbumRecord[]>>;
  madeAt: number;
  index?: { name: string; artists: SubsonicArtist[] }[];
  genres?: Promise<{ value: string; songCount: number; albumCount: number }[]>;
  genreAlbums: Map<string, Promise<AlbumRecord[]>>;
  shared: Map<string, Promise<SharedAnswer>>;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** Plays move without a catalog version bump, so the play-count order is rebuilt at most this often. */
const FREQUENT_TTL_MS = 5_000;
/** An artist's albums read for one answer: a bound on one request's read, far above any real discography. */
const ARTIST_ALBUMS_MAX = 10_000;

/**
 * Whole-catalog orders Subsonic's lists need and the web's do not (all artists A–Z with owners standing in, albums by
 * name, artist, year or plays), built on first use and kept until the catalog's list versions move: a 10,000-artist
 * getArtists or a page of getAlbumList2 then costs a slice, not a sort. The artists and the albums of an artist or a
 * genre come through the read port; the album orders by name, artist, year and plays sort the in-memory model's
 * albums (docs/scaling.md, "What is left").
 */
@Injectable()
export class SubsonicLibrary {
  private cache = new WeakMap<CatalogModel, { key: string; orders: Promise<Orders> }>();

  constructor(@Inject(CATALOG_READS) private readonly reads: CatalogReads) {}

  private orders(model: CatalogModel): Promise<Orders> {
    const key = `${model.versions.songs}:${model.versions.albums}`;
    const cached = this.cache.get(model);
    if (cached?.key === key) return cached.orders;
    const orders = this.build();
    this.cache.set(model, { key, orders });
    // A failed read is not kept: the next call asks again.
    orders.catch(() => {
      if (this.cache.get(model)?.orders === orders) this.cache.delete(model);
    });
    return orders;
  }

  async artists(model: CatalogModel): Promise<SubsonicArtist[]> {
    return (await this.orders(model)).artists;
  }

  async artist(model: CatalogModel, id: string): Promise<SubsonicArtist | null> {
    return (await this.orders(model)).artistById.get(id) ?? null;
  }

  /** The artist's albums newest first: a credited artist's as album artist, an owner's stand-in's those naming none. */
  async albumsOf(model: CatalogModel, artistId: string): Promise<AlbumRecord[]> {
    const { owners } = await this.orders(model);
    return owners.has(artistId) ? this.reads.unattributedAlbums(artistId, ARTIST_ALBUMS_MAX) : this.reads.albumArtistAlbums(artistId, ARTIST_ALBUMS_MAX);
  }

  /** Artists grouped by the letter of their sort name, '#' first, as the web's A–Z list groups them. */
  async artistIndex(model: CatalogModel): Promise<{ name: string; artists: SubsonicArtist[] }[]> {
    const orders = await this.orders(model);
    if (orders.index) return orders.index;
    const groups = new Map<string, SubsonicArtist[]>();
    for (const artist of orders.artists) {
      const letter = artistLetter(sortKeyOf(artist));
      const group = groups.get(letter) ?? [];
      group.push(artist);
      groups.set(letter, group);
    }
    return (orders.index = [...groups].map(([name, artists]) => ({ name, artists })).sort((a, b) => (a.name === '#' ? -1 : b.name === '#' ? 1 : a.name < b.name ? -1 : 1)));
  }

  /** An answer the same for every user (`method`'s), made once per catalog version. */
  async shared(model: CatalogModel, method: string, payload: () => Promise<SubsonicPayload>): Promise<SharedAnswer> {
    const { shared } = await this.orders(model);
    let answer = shared.get(method);
    if (!answer) {
      shared.set(method, (answer = payload().then((made) => new SharedAnswer(made))));
      answer.catch(() => shared.delete(method));
    }
    return answer;
  }

  /** Every genre with its song and album counts. */
  async genres(model: CatalogModel): Promise<{ value: string; songCount: number; albumCount: number }[]> {
    const orders = await this.orders(model);
    orders.genres ??= this.reads.genres().then((genres) =>
      Promise.all(genres.map(async ({ name, songCount }) => ({ value: name, songCount, albumCount: (await this.reads.genreAlbums(name)).length }))),
    );
    return orders.genres;
  }

  /** Albums holding a song of the genre, by name. */
  async genreAlbums(model: CatalogModel, genre: string): Promise<AlbumRecord[]> {
    const orders = await this.orders(model);
    let albums = orders.genreAlbums.get(genre);
    if (!albums) {
      albums = this.reads.genreAlbums(genre).then((found) => found.sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1)));
      orders.genreAlbums.set(genre, albums);
    }
    return albums;
  }

  async albums(model: CatalogModel, order: AlbumOrder): Promise<AlbumRecord[]> {
    const orders = await this.orders(model);
    const existing = orders.albums[order];
    if (existing && (order !== 'frequent' || Date.now() - orders.madeAt < FREQUENT_TTL_MS)) return existing;
    if (order === 'frequent') orders.madeAt = Date.now();
    return (orders.albums[order] = sortAlbums(model, order, orders));
  }

  /** Credited artists from the A–Z list, owners of albums that name no album artist standing in, A–Z together. */
  private async build(): Promise<Orders> {
    const [credited, owners] = await Promise.all([this.reads.artistsPage({}), this.reads.unattributedAlbumOwners()]);
    const standIns = owners.map(({ ownerId, username, albumCount, coverFileId }): SubsonicArtist => ({ id: ownerId, name: username, sortName: username, albumCount, coverArt: coverFileId }));
    const artists = [...credited.items.map(creditedArtist), ...standIns].sort((a, b) => collator.compare(sortKeyOf(a), sortKeyOf(b)) || (a.id < b.id ? -1 : 1));
    return {
      artists,
      artistById: new Map(artists.map((artist) => [artist.id, artist])),
      owners: new Set(owners.map((owner) => owner.ownerId)),
      albums: {},
      madeAt: Date.now(),
      genreAlbums: new Map(),
      shared: new Map(),
    };
  }
}

function sortAlbums(model: CatalogModel, order: AlbumOrder, orders: Orders): AlbumRecord[] {
  const albums = model.albumsPage({}).items;
  const byName = (a: AlbumRecord, b: AlbumRecord) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);
  switch (order) {
    case 'alphabeticalByName':
      return albums.slice().sort(byName);
    case 'alphabeticalByArtist': {
      const artistName = (album: AlbumRecord) => {
        const credited = album.albumArtistId && orders.artistById.get(album.albumArtistId);
        return credited ? credited.sortName : model.username(album.artistId);
      };
      const names = new Map(albums.map((album) => [album.id, artistName(album)]));
      return albums.slice().sort((a, b) => collator.compare(names.get(a.id)!, names.get(b.id)!) || byName(a, b));
    }
    case 'byYear': {
      const years = new Map(albums.map((album) => [album.id, model.albumYear(album.id)]));
      return albums.filter((album) => years.get(album.id) !== null).sort((a, b) => years.get(a.id)! - years.get(b.id)! || byName(a, b));
    }
    case 'frequent': {
      const plays = new Map(albums.map((album) => [album.id, model.albumPlays(album.id)]));
      return albums.filter((album) => plays.get(album.id)! > 0).sort((a, b) => plays.get(b.id)! - plays.get(a.id)! || byName(a, b));
    }
  }
}
