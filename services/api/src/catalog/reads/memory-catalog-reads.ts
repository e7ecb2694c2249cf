import { newestAlbumsFirst } from '../album-order.js';
import type { ListedArtist } from '../artist-store.js';
import type { AlbumRecord, PlaylistRecord, SongRecord } from '../../persistence/catalog-records.js';
import type { CatalogModel } from '../catalog-model.js';
import { sortedPage, type Page, type PageRequest } from '../paging.js';
import { isVisible } from '../playlist-store.js';
import type { SongRef } from '../ref-list.js';
import type { ArtistListing, ArtistPage, CatalogReads, GenreCount, UnattributedAlbumOwner } from './read-port.js';

/** The embedded default: each read is the in-memory model's (CatalogReadModel.current(): synced with other replicas). */
export class MemoryCatalogReads implements CatalogReads {
  readonly kind = 'memory';

  constructor(private readonly catalog: { current(): Promise<CatalogModel> }) {}

  async songsPage(request: PageRequest): Promise<Page<SongRecord>> {
    return (await this.catalog.current()).songsPage(request);
  }

  async song(id: string): Promise<SongRecord | null> {
    return (await this.catalog.current()).song(id);
  }

  async songsByIds(ids: readonly string[]): Promise<SongRecord[]> {
    return (await this.catalog.current()).songsByIds(ids);
  }

  async albumsPage(request: PageRequest): Promise<Page<AlbumRecord>> {
    return (await this.catalog.current()).albumsPage(request);
  }

  async newestAlbumsPage(request: PageRequest): Promise<Page<AlbumRecord>> {
    return (await this.catalog.current()).newestAlbumsPage(request);
  }

  async album(id: string): Promise<AlbumRecord | null> {
    return (await this.catalog.current()).album(id);
  }

  async albumSongs(albumId: string, request: PageRequest): Promise<Page<SongRecord> | null> {
    return (await this.catalog.current()).albumSongs(albumId, request);
  }

  async visiblePlaylist(id: string, viewerId: string | null): Promise<PlaylistRecord | null> {
    return (await this.catalog.current()).visiblePlaylist(id, viewerId);
  }

  async visiblePlaylistsPage(viewerId: string | null, request: PageRequest): Promise<Page<PlaylistRecord>> {
    return (await this.catalog.current()).visiblePlaylistsPage(viewerId, request);
  }

  async creatorPlaylistsPage(creatorId: string, viewerId: string | null, request: PageRequest): Promise<Page<PlaylistRecord>> {
    const playlists = (await this.catalog.current()).playlistsByCreator(creatorId);
    return sortedPage(playlists.filter((playlist) => isVisible(playlist, viewerId)), request);
  }

  async playlistEntries(playlistId: string, request: PageRequest): Promise<Page<SongRef> | null> {
    return (await this.catalog.current()).playlistEntries(playlistId, request);
  }

  async likesPage(userId: string, request: PageRequest): Promise<Page<SongRef>> {
    return (await this.catalog.current()).likesPage(userId, request);
  }

  async artistsPage(request: PageRequest, letter?: string): Promise<Page<ArtistListing>> {
    const model = await this.catalog.current();
    const page = model.artistsPage(request, letter);
    return { ...page, items: page.items.map((artist) => listingOf(artist, model)) };
  }

  async artistPage(id: string, limits: { albums: number; topSongs: number }): Promise<ArtistPage | null> {
    const model = await this.catalog.current();
    const artist = model.artist(id);
    if (!artist) return null;
    return {
      artist: listingOf(artist, model),
      albums: newestAlbumsFirst(model.albumsOfAlbumArtist(id), (albumId) => model.albumYear(albumId)).slice(0, limits.albums),
      topSongs: model.topSongsOf(id, limits.topSongs),
      appearsOn: model.albumsAppearedOn(id, limits.albums),
    };
  }

  async albumArtistAlbums(artistId: string, limit: number): Promise<AlbumRecord[]> {
    const model = await this.catalog.current();
    return newestAlbumsFirst(model.albumsOfAlbumArtist(artistId), (albumId) => model.albumYear(albumId)).slice(0, limit);
  }

  async unattributedAlbums(ownerId: string, limit: number): Promise<AlbumRecord[]> {
    const model = await this.catalog.current();
    const albums = model.albumsByArtist(ownerId).filter((album) => !attributed(album, model));
    return newestAlbumsFirst(albums, (albumId) => model.albumYear(albumId)).slice(0, limit);
  }

  /** One pass over the albums (the model keeps no index by owner of unattributed ones; Subsonic caches the answer). */
  async unattributedAlbumOwners(): Promise<UnattributedAlbumOwner[]> {
    const model = await this.catalog.current();
    const owners = new Map<string, UnattributedAlbumOwner>();
    for (const album of model.albumsPage({}).items) {
      if (attributed(album, model)) continue;
      const owner = owners.get(album.artistId);
      if (owner) owner.albumCount++;
      else owners.set(album.artistId, { ownerId: album.artistId, username: model.username(album.artistId), albumCount: 1, coverFileId: album.coverFileId });
    }
    return [...owners.values()].sort((a, b) => (a.ownerId < b.ownerId ? -1 : 1));
  }

  async genres(): Promise<GenreCount[]> {
    return (await this.catalog.current()).genreList();
  }

  async genreSongs(name: string, request: PageRequest): Promise<Page<SongRecord> | null> {
    return (await this.catalog.current()).genreSongs(name, request);
  }

  async genreAlbums(name: string): Promise<AlbumRecord[]> {
    const model = await this.catalog.current();
    const ids = new Set((model.genreSongs(name, {})?.items ?? []).flatMap((song) => song.albumId ?? []));
    return [...ids].sort().flatMap((id) => model.album(id) ?? []);
  }
}

/** An album artist stands in for the owner while it is a listed artist (one with this album always is). */
function attributed(album: AlbumRecord, model: CatalogModel): boolean {
  return album.albumArtistId !== undefined && model.artist(album.albumArtistId) !== null;
}

function listingOf(artist: ListedArtist, model: CatalogModel): ArtistListing {
  return { ...artist, pictureFileId: model.artistPictureFileId(artist.record.id) };
}
