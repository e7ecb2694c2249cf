import { artistKey } from '@tunafy/contracts';
import { describe, expect, it } from 'vitest';
import type { AlbumRecord } from '../persistence/albums.repository.js';
import type { ArtistRecord } from '../persistence/artists.repository.js';
import type { SongRecord } from '../persistence/songs.repository.js';
import { CatalogModel } from './catalog-model.js';
import type { CatalogRecord } from '../persistence/catalog-records.js';

// Credited artists and genres in the read model (ArtistStore, GenreStore, through CatalogModel).

let counter = 0x5000;
const newId = () => (++counter).toString(16).padStart(24, '0');
const OWNER = newId();

function artist(name: string, extra: Partial<ArtistRecord> = {}): ArtistRecord {
  return { id: newId(), name, key: artistKey(name), ...extra };
}

function song(overrides: Partial<SongRecord> = {}): SongRecord {
  return { id: newId(), name: 'Tune', artistId: OWNER, albumId: null, coverFileId: newId(), audioFileId: newId(), duration: 10, plays: 0, createdAt: 0, ...overrides };
}

function album(overrides: Partial<AlbumRecord> = {}): AlbumRecord {
  return { id: newId(), name: 'Record', artistId: OWNER, coverFileId: newId(), createdAt: new Date(0), ...overrides };
}

function model(...artists: ArtistRecord[]): CatalogModel {
  const catalog = new CatalogModel();
  catalog.putUser(OWNER, 'owner');
  for (const record of artists) catalog.putArtist(record);
  return catalog;
}

const names = (page: { items: { record: ArtistRecord }[] }) => page.items.map((item) => item.record.name);

describe('credited artists in the read model', () => {
  it('lists only artists with a song or an album, A–Z by sort name with # first, and pages by letter and cursor', () => {
    const beatles = artist('The Beatles', { sortName: 'Beatles, The' });
    const abba = artist('ABBA');
    const pac = artist('2Pac');
    const zappa = artist('Frank Zappa', { sortName: 'Zappa, Frank' });
    const idle = artist('Nobody Credited');
    const catalog = model(beatles, abba, pac, zappa, idle);
    for (const credited of [beatles, abba, pac, zappa]) catalog.putSong(song({ creditIds: [credited.id] }));

    expect(names(catalog.artistsPage({}))).toEqual(['2Pac', 'ABBA', 'The Beatles', 'Frank Zappa']);
    expect(names(catalog.artistsPage({}, 'B'))).toEqual(['The Beatles']);
    expect(names(catalog.artistsPage({}, '#'))).toEqual(['2Pac']);
    expect(names(catalog.artistsPage({}, 'Q'))).toEqual([]);
    const first = catalog.artistsPage({ limit: 2 });
    expect(names(first)).toEqual(['2Pac', 'ABBA']);
    expect(names(catalog.artistsPage({ limit: 2, afterId: first.nextAfterId! }))).toEqual(['The Beatles', 'Frank Zappa']);
    expect(catalog.artist(idle.id)).toBeNull();
    expect(catalog.artistByKey(artistKey('nobody credited'))?.id).toBe(idle.id);
  });

  it('keeps one credit set per distinct list of artists, and each artist’s songs as songs come, change and go', () => {
    const a = artist('Alpha');
    const b = artist('Beta');
    const catalog = model(a, b);
    const duet = catalog.putSong(song({ creditIds: [a.id, b.id] }));
    const solo = catalog.putSong(song({ creditIds: [a.id] }));
    expect(catalog.song(duet.id)?.creditIds).toEqual([a.id, b.id]);
    expect(catalog.artist(a.id)?.songCount).toBe(2);
    expect(catalog.artist(b.id)?.songCount).toBe(1);

    catalog.putSong({ ...duet, creditIds: [b.id] });
    expect(catalog.artist(a.id)?.songCount).toBe(1);
    catalog.deleteSong(solo.id);
    expect(catalog.artist(a.id)).toBeNull();
    expect(names(catalog.artistsPage({}))).toEqual(['Beta']);
    // A credit naming an artist this copy does not hold is left out rather than kept dangling.
    expect(catalog.putSong(song({ creditIds: [newId()] })).creditIds).toBeUndefined();
  });

  it('counts album artists, moves an album between them, and finds top songs, albums and appears-on', () => {
    const various = artist('Various Artists');
    const portishead = artist('Portishead');
    const catalog = model(various, portishead);
    const compilation = album({ albumArtistId: various.id });
    const own = album({ albumArtistId: portishead.id });
    catalog.putAlbum(compilation);
    catalog.putAlbum(own);
    const onCompilation = catalog.putSong(song({ albumId: compilation.id, creditIds: [portishead.id], plays: 5 }));
    const onOwn = catalog.putSong(song({ albumId: own.id, creditIds: [portishead.id], plays: 9 }));
    expect(catalog.artist(various.id)).toMatchObject({ songCount: 0, albumCount: 1 });
    expect(catalog.albumsOfAlbumArtist(portishead.id).map((record) => record.id)).toEqual([own.id]);
    expect(catalog.albumsAppearedOn(portishead.id).map((record) => record.id)).toEqual([compilation.id]);
    expect(catalog.topSongsOf(portishead.id, 10).map((record) => record.id)).toEqual([onOwn.id, onCompilation.id]);
    expect(catalog.artistPictureFileId(portishead.id)).toBe(own.coverFileId);

    catalog.putAlbum({ ...compilation, albumArtistId: portishead.id });
    expect(catalog.artist(various.id)).toBeNull();
    expect(catalog.artist(portishead.id)?.albumCount).toBe(2);
    catalog.deleteAlbum(own.id);
    expect(catalog.artist(portishead.id)?.albumCount).toBe(1);
  });

  it('lists genres by name with counts and pages a genre’s songs in id order', () => {
    const catalog = model();
    const jazz = [catalog.putSong(song({ genre: 'Jazz' })), catalog.putSong(song({ genre: 'Jazz' })), catalog.putSong(song({ genre: 'Jazz' }))];
    const ambient = catalog.putSong(song({ genre: 'ambient' }));
    expect(catalog.genreList()).toEqual([
      { name: 'ambient', songCount: 1 },
      { name: 'Jazz', songCount: 3 },
    ]);
    const first = catalog.genreSongs('Jazz', { limit: 2 })!;
    expect(first.items.map((record) => record.id)).toEqual([jazz[0]!.id, jazz[1]!.id]);
    expect(catalog.genreSongs('Jazz', { limit: 2, afterId: first.nextAfterId! })!.items.map((record) => record.id)).toEqual([jazz[2]!.id]);
    catalog.putSong({ ...ambient, genre: 'Jazz' });
    expect(catalog.genreList()).toEqual([{ name: 'Jazz', songCount: 4 }]);
    expect(catalog.genreSongs('ambient', {})).toBeNull();
    expect(catalog.searchGenres('ja', 5)).toEqual([{ name: 'Jazz', songCount: 4 }]);
  });

  it('writes artists into a snapshot before the albums and songs that name them, and loads them back the same', () => {
    const solo = artist('Solo', { sortName: 'Solo!', mbid: 'a74b1b7f-71a5-4011-9441-d0b5e4122711' });
    const catalog = model(solo);
    const record = album({ albumArtistId: solo.id });
    catalog.putAlbum(record);
    const credited = catalog.putSong(song({ albumId: record.id, creditIds: [solo.id], genre: 'Pop', year: 2001 }));
    const records: CatalogRecord[] = [...catalog.records()];
    const kinds = records.map((entry) => entry.kind);
    expect(kinds.indexOf('artist')).toBeLessThan(kinds.indexOf('album'));
    const copy = new CatalogModel();
    for (const entry of records) copy.loadRecord(entry);
    copy.finishSongLoad();
    expect(copy.song(credited.id)).toEqual(credited);
    expect(copy.artist(solo.id)).toEqual({ record: solo, songCount: 1, albumCount: 1 });
    expect(copy.albumYear(record.id)).toBe(2001);
    expect(copy.genreList()).toEqual([{ name: 'Pop', songCount: 1 }]);
  });
});
