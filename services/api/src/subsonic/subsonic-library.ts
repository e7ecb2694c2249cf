import { artistLetter } from '@tunafy/contracts';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import type { CatalogModel } from '../catalog/catalog-model.js';
import type { SubsonicPayload } from './protocol/subsonic-response.js';
import { SharedAnswer } from './shared-answer.js';
import { creditedArtist, sortKeyOf, type SubsonicArtist } from './subsonic-view.js';

export type AlbumOrder = 'newest' | 'alphabeticalByName' | 'alphabeticalByArtist' | 'byYear' | 'frequent';

interface Orders {
  artists: SubsonicArtist[];
  artistById: Map<string, SubsonicArtist>;
  /** Albums whose tags credit no album artist, by owning account: the albums of the owner's stand-in artist. */
  ownerAlbums: Map<string, AlbumRecord[]>;
  albums: Partial<Record<AlbumOrder, AlbumRecord[]>>;
  madeAt: number;
  index?: { name: string; artists: SubsonicArtist[] }[];
  genres?: { value: string; songCount: number; albumCount: number }[];
  genreAlbums: Map<string, AlbumRecord[]>;
  shared: Map<string, SharedAnswer>;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
/** Plays move without a catalog version bump, so the play-count order is rebuilt at most this often. */
const FREQUENT_TTL_MS = 5_000;

/**
 * Whole-catalog orders Subsonic's lists need and the web's do not (all artists A–Z with owners standing in, albums by
 * name, artist, year or plays), built on first use and kept until the catalog's list versions move: a 10,000-artist
 * getArtists or a page of getAlbumList2 then costs a slice, not a sort.
 */
export class SubsonicLibrary {
  private cache = new WeakMap<CatalogModel, { key: string; orders: Orders }>();

  private orders(model: CatalogModel): Orders {
    const key = `${model.versions.songs}:${model.versions.albums}`;
    const cached = this.cache.get(model);
    if (cached?.key === key) return cached.orders;
    const orders = build(model);
    this.cache.set(model, { key, orders });
    return orders;
  }

  artists(model: CatalogModel): SubsonicArtist[] {
    return this.orders(model).artists;
  }

  artist(model: CatalogModel, id: string): SubsonicArtist | null {
    return this.orders(model).artistById.get(id) ?? null;
  }

  /** The artist's albums: a credited artist's as album artist, an owner's stand-in's those credited to no one. */
  albumsOf(model: CatalogModel, artistId: string): AlbumRecord[] {
    return model.artist(artistId) ? model.albumsOfAlbumArtist(artistId) : (this.orders(model).ownerAlbums.get(artistId) ?? []);
  }

  /** Artists grouped by the letter of their sort name, '#' first, as the web's A–Z list groups them. */
  artistIndex(model: CatalogModel): { name: string; artists: SubsonicArtist[] }[] {
    const orders = this.orders(model);
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
  shared(model: CatalogModel, method: string, payload: () => SubsonicPayload): SharedAnswer {
    const { shared } = this.orders(model);
    let answer = shared.get(method);
    if (!answer) shared.set(method, (answer = new SharedAnswer(payload())));
    return answer;
  }

  /** Every genre with its song and album counts. */
  genres(model: CatalogModel): { value: string; songCount: number; albumCount: number }[] {
    const orders = this.orders(model);
    orders.genres ??= model.genreList().map(({ name, songCount }) => {
      const albums = new Set((model.genreSongs(name, {})?.items ?? []).flatMap((song) => song.albumId ?? []));
      return { value: name, songCount, albumCount: albums.size };
    });
    return orders.genres;
  }

  /** Albums holding a song of the genre, by name. */
  genreAlbums(model: CatalogModel, genre: string): AlbumRecord[] {
    const orders = this.orders(model);
    const cached = orders.genreAlbums.get(genre);
    if (cached) return cached;
    const ids = new Set((model.genreSongs(genre, {})?.items ?? []).flatMap((song) => song.albumId ?? []));
    const albums = [...ids].flatMap((id) => model.album(id) ?? []).sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
    orders.genreAlbums.set(genre, albums);
    return albums;
  }

  albums(model: CatalogModel, order: AlbumOrder): AlbumRecord[] {
    const orders = this.orders(model);
    const existing = orders.albums[order];
    if (existing && (order !== 'frequent' || Date.now() - orders.madeAt < FREQUENT_TTL_MS)) return existing;
    if (order === 'frequent') orders.madeAt = Date.now();
    return (orders.albums[order] = sortAlbums(model, order, orders));
  }
}

function build(model: CatalogModel): Orders {
  const all = model.albumsPage({}).items;
  const ownerAlbums = new Map<string, AlbumRecord[]>();
  for (const album of all) {
    if (album.albumArtistId && model.artist(album.albumArtistId)) continue;
    const list = ownerAlbums.get(album.artistId) ?? [];
    list.push(album);
    ownerAlbums.set(album.artistId, list);
  }
  const credited = model.artistsPage({}).items.map((listed) => creditedArtist(listed, model));
  const owners = [...ownerAlbums].map(([ownerId, albums]): SubsonicArtist => {
    const name = model.username(ownerId);
    return { id: ownerId, name, sortName: name, albumCount: albums.length, coverArt: albums[0]?.coverFileId };
  });
  const artists = [...credited, ...owners].sort((a, b) => collator.compare(sortKeyOf(a), sortKeyOf(b)) || (a.id < b.id ? -1 : 1));
  return { artists, artistById: new Map(artists.map((artist) => [artist.id, artist])), ownerAlbums, albums: {}, madeAt: Date.now(), genreAlbums: new Map(), shared: new Map() };
}

function sortAlbums(model: CatalogModel, order: AlbumOrder, orders: Orders): AlbumRecord[] {
  const albums = model.albumsPage({}).items;
  const byName = (a: AlbumRecord, b: AlbumRecord) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);
  switch (order) {
    case 'newest':
      return albums.slice().reverse();
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
