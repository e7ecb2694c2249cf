import { Injectable } from '@nestjs/common';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import { creditedArtist, SubsonicView, type SubsonicArtist } from '../subsonic-view.js';
import type { SubsonicParams } from '../protocol/subsonic-params.js';
import { SubsonicLibrary } from '../subsonic-library.js';
import { ok, type SubsonicCall, type SubsonicMethodGroup } from '../subsonic-method.js';
import { countOf } from './browsing.js';

interface Slice {
  count: number;
  offset: number;
}

function sliceOf(params: SubsonicParams, kind: 'artist' | 'album' | 'song'): Slice {
  return { count: countOf(params, `${kind}Count`, 20), offset: params.int(`${kind}Offset`, { min: 0 }) ?? 0 };
}

/** Apps send `""` (or nothing) to mean "everything": Symfonium's offline sync pages through the whole library so. */
function queryOf(params: SubsonicParams): string {
  const query = (params.string('query') ?? '').trim();
  return query === '""' || query === "''" ? '' : query.replace(/\*/gu, ' ').trim();
}

/** search3 (and the folder-era search2): the web's search words, or the whole library page by page for an empty query. */
@Injectable()
export class SearchMethods implements SubsonicMethodGroup {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly library: SubsonicLibrary,
  ) {}

  private async results(call: SubsonicCall) {
    const query = queryOf(call.params);
    const [artists, albums, songs] = (['artist', 'album', 'song'] as const).map((kind) => sliceOf(call.params, kind)) as [Slice, Slice, Slice];
    const view = new SubsonicView(await this.catalog.current(), call.user.id);
    const model = view.model;
    const window = <T>(items: T[], slice: Slice) => items.slice(slice.offset, slice.offset + slice.count);
    if (query === '') {
      return {
        view,
        artists: window(await this.library.artists(model), artists),
        albums: model.albumsPage({ offset: albums.offset, limit: albums.count }).items,
        songs: model.songsPage({ offset: songs.offset, limit: songs.count }).items,
      };
    }
    const found = (slice: Slice) => (slice.count === 0 ? 0 : slice.offset + slice.count);
    return {
      view,
      artists: window(
        model.searchArtists(query, found(artists)).map((listed): SubsonicArtist => creditedArtist({ ...listed, pictureFileId: model.artistPictureFileId(listed.record.id) })),
        artists,
      ),
      albums: window(model.searchAlbums(query, found(albums)), albums),
      songs: window(model.searchSongs(query, found(songs)), songs),
    };
  }

  readonly methods = {
    search3: async (call) => {
      const { view, artists, albums, songs } = await this.results(call);
      return ok({
        searchResult3: {
          artist: artists.map((artist) => view.artist(artist)),
          album: albums.map((album) => view.album(album)),
          song: songs.map((song) => view.child(song)),
        },
      });
    },

    search2: async (call) => {
      const { view, artists, albums, songs } = await this.results(call);
      return ok({
        searchResult2: {
          artist: artists.map(({ id, name }) => ({ id, name })),
          album: albums.map((album) => view.albumDirectory(album)),
          song: songs.map((song) => view.child(song)),
        },
      });
    },
  } satisfies SubsonicMethodGroup['methods'];
}
