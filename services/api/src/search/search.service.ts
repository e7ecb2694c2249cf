import { Injectable } from '@nestjs/common';
import { LIMITS, type SearchGroup, type SearchQuery, type SearchResponse, type SearchTopResult, type SessionUser } from '@tunafy/contracts';
import { AlbumPresenter } from '../albums/album-presenter.js';
import { toArtist } from '../artists/artists.service.js';
import type { CatalogModel, TopHit } from '../catalog/catalog-model.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { LyricsIndex } from '../lyrics/lyrics-index.service.js';
import { QueryPlan } from '../catalog/query-plan.js';
import { PlaylistPresenter } from '../playlists/playlist-presenter.js';
import { SongPresenter } from '../songs/song-presenter.js';

/** Lyrics hits per answer: each costs a read of its text unless cached, so the group stays short. */
const LYRICS_GROUP_MAX = 10;

/**
 * The search screen's answer (docs/search.md): songs (by title, credited artist or album), albums, playlists,
 * credited artists, genres and profiles matching every word of the query as a word, a prefix or with a typo,
 * best first, and the top result among them; answered from the read model's word indexes, never a scan.
 * Private playlists only for their creator. Lyrics are a group of their own, from their own whole-word index
 * (docs/lyrics.md): a line of a song is not a reason to rank it among title matches.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly songPresenter: SongPresenter,
    private readonly albumPresenter: AlbumPresenter,
    private readonly playlistPresenter: PlaylistPresenter,
    private readonly lyricsIndex: LyricsIndex,
  ) {}

  async search(query: SearchQuery, viewer: SessionUser): Promise<SearchResponse> {
    const limit = query.limit ?? LIMITS.searchResultsMax;
    const model = await this.catalog.current();
    if (query.type) return this.searchGroup(model, query.type, query.q, viewer, query.offset ?? 0, limit);
    const found = model.search(query.q, viewer.id, limit);
    const lyrics = await this.lyricsIndex.search(query.q, model, Math.min(limit, LYRICS_GROUP_MAX));
    return {
      top: found.top && this.presentTop(found.top, model),
      songs: this.songPresenter.present(found.songs),
      albums: this.albumPresenter.present(found.albums),
      playlists: this.playlistPresenter.present(found.playlists),
      artists: found.artists.map((artist) => toArtist(artist, model)),
      users: found.users,
      genres: found.genres.map(({ name, songCount }) => ({ name, song_count: songCount })),
      lyrics: lyrics.map((hit) => ({ song: this.songPresenter.presentOne(hit.song), line: hit.line })),
    };
  }

  /**
   * One group's page (the search screen's chips): the group's best `offset + limit + 1` ranked as in the whole answer,
   * then cut, so consecutive pages neither repeat nor skip while the catalog stands still (the ranking is total: ties
   * go by name, then id). The extra one tells whether a next page exists.
   */
  private searchGroup(model: CatalogModel, group: SearchGroup, text: string, viewer: SessionUser, offset: number, limit: number): SearchResponse {
    const plan = new QueryPlan(text);
    const wanted = offset + limit + 1;
    const page = <T>(found: T[]) => found.slice(offset, offset + limit);
    const answer: SearchResponse = { top: null, songs: [], albums: [], playlists: [], artists: [], users: [], genres: [], lyrics: [], next_offset: null };
    let count = 0;
    switch (group) {
      case 'songs': {
        const found = model.searchSongs(plan, wanted);
        answer.songs = this.songPresenter.present(page(found));
        count = found.length;
        break;
      }
      case 'artists': {
        const found = model.searchArtists(text, wanted);
        answer.artists = page(found).map((artist) => toArtist(artist, model));
        count = found.length;
        break;
      }
      case 'albums': {
        const found = model.searchAlbums(plan, wanted);
        answer.albums = this.albumPresenter.present(page(found));
        count = found.length;
        break;
      }
      case 'playlists': {
        const found = model.searchPlaylists(plan, viewer.id, wanted);
        answer.playlists = this.playlistPresenter.present(page(found));
        count = found.length;
        break;
      }
      case 'users': {
        const found = plan.empty ? [] : model.searchUsers(plan, wanted);
        answer.users = page(found);
        count = found.length;
        break;
      }
      case 'genres': {
        const found = plan.empty ? [] : model.searchGenres(text, wanted);
        answer.genres = page(found).map(({ name, songCount }) => ({ name, song_count: songCount }));
        count = found.length;
        break;
      }
    }
    const next = offset + limit;
    answer.next_offset = count > next && next <= LIMITS.searchOffsetMax ? next : null;
    return answer;
  }

  private presentTop(top: TopHit, model: CatalogModel): SearchTopResult {
    switch (top.kind) {
      case 'song':
        return { kind: 'song', song: this.songPresenter.present([top.song])[0]! };
      case 'artist':
        return { kind: 'artist', artist: toArtist(top.artist, model) };
      case 'album':
        return { kind: 'album', album: this.albumPresenter.present([top.album])[0]! };
      case 'playlist':
        return { kind: 'playlist', playlist: this.playlistPresenter.present([top.playlist])[0]! };
    }
  }
}
