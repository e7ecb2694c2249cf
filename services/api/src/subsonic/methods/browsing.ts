import { Inject, Injectable } from '@nestjs/common';
import { artistKey } from '@tunafy/contracts';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import { CATALOG_READS, type CatalogReads } from '../../catalog/reads/read-port.js';
import type { SongRecord } from '../../persistence/songs.repository.js';
import { SubsonicError } from '../protocol/subsonic-error.js';
import type { SubsonicParams } from '../protocol/subsonic-params.js';
import { SubsonicLibrary } from '../subsonic-library.js';
import { ok, type SubsonicCall, type SubsonicMethodGroup } from '../subsonic-method.js';
import { SubsonicView } from '../subsonic-view.js';

const IGNORED_ARTICLES = '';

/** A uniformly shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = items.slice();
  for (let at = copy.length - 1; at > 0; at--) {
    const other = Math.floor(Math.random() * (at + 1));
    [copy[at], copy[other]] = [copy[other]!, copy[at]!];
  }
  return copy;
}
export const LIST_MAX = 500;

/** `count`/`size` of a list call: its default when absent, at most LIST_MAX. */
export function countOf(params: SubsonicParams, name: string, fallback: number): number {
  return params.int(name, { min: 0, max: LIST_MAX }) ?? fallback;
}

/** Artist → album → song, by tags (the ID3 calls) and as folders for apps that browse by folder. */
@Injectable()
export class BrowsingMethods implements SubsonicMethodGroup {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly library: SubsonicLibrary,
    @Inject(CATALOG_READS) private readonly reads: CatalogReads,
  ) {}

  private async view(call: SubsonicCall): Promise<SubsonicView> {
    return new SubsonicView(await this.catalog.current(), call.user.id);
  }

  /** The stand-in artist's own songs outside any album (music made with the web's forms), for folder browsing. */
  private loneSongs(view: SubsonicView, artistId: string): SongRecord[] {
    if (view.model.artist(artistId)) return [];
    return view.model.songsByArtist(artistId).filter((song) => !song.albumId && !song.creditIds?.length);
  }

  readonly methods = {
    // Artists carry no stars (Tunafy stars songs only), so the list is everyone's: made once per catalog version.
    getArtists: async (call) => {
      const view = await this.view(call);
      const answer = await this.library.shared(view.model, 'getArtists', async () => {
        const index = (await this.library.artistIndex(view.model)).map(({ name, artists }) => ({ name, artist: artists.map((artist) => view.artist(artist)) }));
        return { artists: { ignoredArticles: IGNORED_ARTICLES, index } };
      });
      return { kind: 'shared', answer };
    },

    getIndexes: async (call) => {
      const view = await this.view(call);
      const answer = await this.library.shared(view.model, 'getIndexes', async () => {
        const index = (await this.library.artistIndex(view.model)).map(({ name, artists }) => ({ name, artist: artists.map(({ id, name: artistName }) => ({ id, name: artistName })) }));
        return { indexes: { ignoredArticles: IGNORED_ARTICLES, lastModified: Date.now(), index } };
      });
      return { kind: 'shared', answer };
    },

    getMusicDirectory: async (call) => {
      const id = call.params.required('id');
      const view = await this.view(call);
      const artist = await this.library.artist(view.model, id);
      if (artist) {
        const albums = (await this.library.albumsOf(view.model, id)).map((album) => view.albumDirectory(album));
        return ok({ directory: { id, name: artist.name, child: [...albums, ...this.loneSongs(view, id).map((song) => view.child(song))] } });
      }
      const album = await this.reads.album(id);
      if (!album) throw SubsonicError.notFound('Directory');
      const songs = (await this.reads.albumSongs(album.id, {}))?.items ?? [];
      return ok({ directory: { id, parent: view.albumArtist(album).id, name: album.name, child: songs.map((song) => view.child(song)) } });
    },

    getArtist: async (call) => {
      const id = call.params.required('id');
      const view = await this.view(call);
      const artist = await this.library.artist(view.model, id);
      if (!artist) throw SubsonicError.notFound('Artist');
      const albums = await this.library.albumsOf(view.model, id);
      return ok({ artist: { ...view.artist(artist), album: albums.map((album) => view.album(album)) } });
    },

    getArtistInfo2: async (call) => {
      const id = call.params.required('id');
      const view = await this.view(call);
      const artist = await this.library.artist(view.model, id);
      if (!artist) throw SubsonicError.notFound('Artist');
      return ok({ artistInfo2: { musicBrainzId: artist.musicBrainzId } });
    },

    getAlbum: async (call) => {
      const view = await this.view(call);
      const album = await this.reads.album(call.params.required('id'));
      if (!album) throw SubsonicError.notFound('Album');
      return ok({ album: view.albumWithSongs(album, (await this.reads.albumSongs(album.id, {}))?.items ?? []) });
    },

    getSong: async (call) => {
      const view = await this.view(call);
      const song = await this.reads.song(call.params.required('id'));
      if (!song) throw SubsonicError.notFound('Song');
      return ok({ song: view.child(song) });
    },

    getGenres: async (call) => {
      const view = await this.view(call);
      return ok({ genres: { genre: await this.library.genres(view.model) } });
    },

    getSongsByGenre: async (call) => {
      const genre = call.params.required('genre');
      const count = countOf(call.params, 'count', 10);
      const offset = call.params.int('offset', { min: 0 }) ?? 0;
      const view = await this.view(call);
      const songs = (await this.reads.genreSongs(genre, { offset, limit: count }))?.items ?? [];
      return ok({ songsByGenre: { song: songs.map((song) => view.child(song)) } });
    },

    getTopSongs: async (call) => {
      const name = call.params.required('artist');
      const count = countOf(call.params, 'count', 50);
      const view = await this.view(call);
      const artist = view.model.artistByKey(artistKey(name));
      const songs = artist ? view.model.topSongsOf(artist.id, count) : [];
      return ok({ topSongs: { song: songs.map((song) => view.child(song)) } });
    },

    getSimilarSongs2: async (call) => {
      const id = call.params.required('id');
      const count = countOf(call.params, 'count', 50);
      const view = await this.view(call);
      if (!(await this.library.artist(view.model, id))) throw SubsonicError.notFound('Artist');
      return ok({ similarSongs2: { song: this.similarSongs(view, id, count).map((song) => view.child(song)) } });
    },
  } satisfies SubsonicMethodGroup['methods'];

  /** "Similar" until there is more to go on: the artist's most played songs, then others of its main genre, mixed. */
  private similarSongs(view: SubsonicView, artistId: string, count: number): SongRecord[] {
    const own = view.model.artist(artistId) ? view.model.topSongsOf(artistId, count) : view.model.songsByArtist(artistId).slice(0, count);
    const genre = own.find((song) => song.genre)?.genre;
    const seen = new Set(own.map((song) => song.id));
    const page = genre ? view.model.genreSongs(genre, { limit: 0 }) : null;
    const others: SongRecord[] = [];
    if (page && page.total > 0) {
      for (let tries = 0; others.length < count && tries < count * 3; tries++) {
        const song = view.model.genreSongs(genre!, { offset: Math.floor(Math.random() * page.total), limit: 1 })?.items[0];
        if (song && !seen.has(song.id)) {
          seen.add(song.id);
          others.push(song);
        }
      }
    }
    return shuffled([...own.slice(0, Math.ceil(count / 2)), ...others].slice(0, count));
  }
}
