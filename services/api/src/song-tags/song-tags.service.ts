import { Injectable } from '@nestjs/common';
import { cleanArtistName, creditsFromTags, songsTagsSchema, songTagsSchema, validate, type SessionUser, type Song, type SongsTagsResponse, type SongTagsRequest } from '@tunafy/contracts';
import { AlbumsRepository, type AlbumRecord } from '../persistence/albums.repository.js';
import { ArtistResolver } from '../artists/artist-resolver.service.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { ApiException } from '../common/api-exception.js';
import { requireId } from '../common/ids.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { SongsRepository, type SongRecord } from '../persistence/songs.repository.js';

/**
 * An owner correcting tags (docs/artists.md, "Correcting tags"): a song's credited artists, genre and year, and its
 * album's album artist, for one song or a multi-selection. Every song (and album) is checked before anything is
 * written, so a selection with one song that is not the user's changes nothing.
 */
@Injectable()
export class SongTagsService {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly songs: SongsRepository,
    private readonly albums: AlbumsRepository,
    private readonly artists: ArtistResolver,
    private readonly presenter: SongPresenter,
  ) {}

  async correct(user: SessionUser, id: unknown, body: unknown): Promise<Song> {
    const songId = requireId(id, 'song');
    const tags = validate(songTagsSchema, body ?? {});
    if (!tags.ok) throw ApiException.validation(tags.errors);
    const [song] = await this.apply(user, [songId], tags.value);
    return this.presenter.presentOne(song!);
  }

  async correctMany(user: SessionUser, body: unknown): Promise<SongsTagsResponse> {
    const request = validate(songsTagsSchema, body ?? {});
    if (!request.ok) throw ApiException.validation(request.errors);
    const { song_ids: ids, ...tags } = request.value;
    return { songs: this.presenter.present(await this.apply(user, [...new Set(ids.map((id) => id.toLowerCase()))], tags)) };
  }

  private async apply(user: SessionUser, ids: string[], tags: SongTagsRequest): Promise<SongRecord[]> {
    const model = await this.catalog.current();
    const songs = ids.map((id) => model.song(id) ?? notFound());
    if (songs.some((song) => song.artistId !== user.id)) throw ApiException.forbidden('Only the owner of a song can correct its tags.');
    const albums = tags.album_artist === undefined ? [] : [...new Set(songs.flatMap((song) => song.albumId ?? []))].flatMap((id) => model.album(id) ?? []);
    if (albums.some((album) => album.artistId !== user.id)) throw ApiException.forbidden('Only the owner of an album can change its album artist.');

    // The forms' cleaning, and the import's: hidden characters out, one artist once, at most the limit.
    const creditIds = tags.artists === undefined ? undefined : await this.artists.resolve((creditsFromTags({ artists: tags.artists }).artists ?? []).map((name) => ({ name })));
    const albumArtistName = tags.album_artist ? cleanArtistName(tags.album_artist) : '';
    const albumArtistId = tags.album_artist === undefined ? undefined : albumArtistName ? (await this.artists.resolveOne({ name: albumArtistName })).id : null;

    const updated: SongRecord[] = [];
    for (const song of songs) {
      const stored = await this.catalog.underRecordLock(`song:${song.id}`, async () => {
        const next = await this.songs.setTags(song.id, { creditIds, genre: tags.genre, year: tags.year });
        if (next) await this.catalog.publish([{ kind: 'song', id: song.id }], (current) => current.putSong(next));
        return next;
      });
      updated.push(stored ?? notFound());
    }
    if (albumArtistId !== undefined) for (const album of albums) await this.setAlbumArtist(album, albumArtistId);
    return updated;
  }

  private setAlbumArtist(album: AlbumRecord, albumArtistId: string | null): Promise<void> {
    return this.catalog.underRecordLock(`album:${album.id}`, async () => {
      const next = await this.albums.setAlbumArtist(album.id, albumArtistId);
      if (next) await this.catalog.publish([{ kind: 'album', id: album.id }], (current) => current.putAlbum(next));
    });
  }
}

function notFound(): never {
  throw ApiException.notFound('Song');
}
