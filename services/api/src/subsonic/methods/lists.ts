import { Inject, Injectable } from '@nestjs/common';
import { LISTENING_LIMITS } from '@tunafy/contracts';
import type { AlbumRecord } from '../../persistence/albums.repository.js';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import type { CatalogModel } from '../../catalog/catalog-model.js';
import { CATALOG_READS, type CatalogReads } from '../../catalog/reads/read-port.js';
import { PlaysRepository } from '../../persistence/plays.repository.js';
import type { SongRecord } from '../../persistence/songs.repository.js';
import { SubsonicError } from '../protocol/subsonic-error.js';
import { SubsonicLibrary } from '../subsonic-library.js';
import { ok, type SubsonicCall, type SubsonicMethodGroup } from '../subsonic-method.js';
import { SubsonicView } from '../subsonic-view.js';
import { countOf, shuffled } from './browsing.js';

const ALBUM_LIST_TYPES = ['random', 'newest', 'highest', 'frequent', 'recent', 'starred', 'alphabeticalByName', 'alphabeticalByArtist', 'byYear', 'byGenre'] as const;
type AlbumListType = (typeof ALBUM_LIST_TYPES)[number];

/** Album lists (getAlbumList2 and its folder twin getAlbumList) and random songs. */
@Injectable()
export class ListMethods implements SubsonicMethodGroup {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly library: SubsonicLibrary,
    private readonly plays: PlaysRepository,
    @Inject(CATALOG_READS) private readonly reads: CatalogReads,
  ) {}

  private async albumList(call: SubsonicCall): Promise<{ view: SubsonicView; albums: AlbumRecord[] }> {
    const { params } = call;
    const type = params.required('type') as AlbumListType;
    if (!ALBUM_LIST_TYPES.includes(type)) throw SubsonicError.invalid('type', `must be one of ${ALBUM_LIST_TYPES.join(', ')}`);
    const size = countOf(params, 'size', 10);
    const offset = params.int('offset', { min: 0 }) ?? 0;
    const view = new SubsonicView(await this.catalog.current(), call.user.id);
    const model = view.model;
    let albums: AlbumRecord[];
    switch (type) {
      case 'random':
        albums = randomAlbums(model, size);
        break;
      case 'newest':
        // Paged by the read port itself (id descending), so the page is sliced already.
        return { view, albums: (await this.reads.newestAlbumsPage({ offset, limit: size })).items };
      case 'recent':
        albums = await this.recentAlbums(call.user.id);
        break;
      case 'starred':
      case 'highest':
        // Only songs can be liked (starred) in Tunafy, and nothing is rated: no album is either.
        albums = [];
        break;
      case 'byYear': {
        const from = params.int('fromYear');
        const to = params.int('toYear');
        if (from === undefined) throw SubsonicError.missing('fromYear');
        if (to === undefined) throw SubsonicError.missing('toYear');
        const ascending = (await this.library.albums(model, 'byYear')).filter((album) => {
          const year = model.albumYear(album.id)!;
          return year >= Math.min(from, to) && year <= Math.max(from, to);
        });
        albums = from <= to ? ascending : ascending.reverse();
        break;
      }
      case 'byGenre':
        albums = await this.library.genreAlbums(model, params.required('genre'));
        break;
      default:
        albums = await this.library.albums(model, type);
    }
    return { view, albums: type === 'random' ? albums : albums.slice(offset, offset + size) };
  }

  /** Albums of the user's recently played songs, most recent first: the songs read together, then each album. */
  private async recentAlbums(userId: string): Promise<AlbumRecord[]> {
    const songs = await this.reads.songsByIds(await this.plays.recentSongIds(userId, LISTENING_LIMITS.historyMax));
    const ids = new Set(songs.flatMap((song) => song.albumId ?? []));
    return (await Promise.all([...ids].map((id) => this.reads.album(id)))).flatMap((album) => album ?? []);
  }

  readonly methods = {
    getAlbumList2: async (call) => {
      const { view, albums } = await this.albumList(call);
      return ok({ albumList2: { album: albums.map((album) => view.album(album)) } });
    },

    getAlbumList: async (call) => {
      const { view, albums } = await this.albumList(call);
      return ok({ albumList: { album: albums.map((album) => view.albumDirectory(album)) } });
    },

    getRandomSongs: async (call) => {
      const { params } = call;
      const size = countOf(params, 'size', 10);
      const genre = params.string('genre');
      const fromYear = params.int('fromYear');
      const toYear = params.int('toYear');
      const view = new SubsonicView(await this.catalog.current(), call.user.id);
      const fits = (song: SongRecord) => (fromYear === undefined || (song.year ?? -Infinity) >= fromYear) && (toYear === undefined || (song.year ?? Infinity) <= toYear);
      return ok({ randomSongs: { song: randomSongs(view.model, size, genre, fits).map((song) => view.child(song)) } });
    },
  } satisfies SubsonicMethodGroup['methods'];
}

function randomAlbums(model: CatalogModel, size: number): AlbumRecord[] {
  const total = model.albumsPage({ limit: 0 }).total;
  if (total <= size) return shuffled(model.albumsPage({}).items);
  const picked = new Set<number>();
  while (picked.size < size) picked.add(Math.floor(Math.random() * total));
  return [...picked].map((offset) => model.albumsPage({ offset, limit: 1 }).items[0]!);
}

/** Distinct random songs that fit, drawn by position (no list of the library is made); gives up after bounded tries. */
function randomSongs(model: CatalogModel, size: number, genre: string | undefined, fits: (song: SongRecord) => boolean): SongRecord[] {
  const total = genre ? (model.genreSongs(genre, { limit: 0 })?.total ?? 0) : model.songCount;
  const at = (position: number) => (genre ? model.genreSongs(genre, { offset: position, limit: 1 })?.items[0] : model.songAt(position));
  const songs = new Map<string, SongRecord>();
  for (let tries = 0; songs.size < Math.min(size, total) && tries < size * 20; tries++) {
    const song = at(Math.floor(Math.random() * total));
    if (song && fits(song)) songs.set(song.id, song);
  }
  return [...songs.values()];
}
