import type { PublicUser, SongLoudness } from '@tunafy/contracts';
import type { ListedArtist } from './artist-store.js';
import { CatalogChanges } from './catalog-changes.js';
import type { AlbumRecord, ArtistRecord, PlaylistRecord, SongRecord } from '../persistence/catalog-records.js';
import type { Page, PageRequest } from './paging.js';
import { isVisible, type EntryPlace, type MoveContext, type MoveTarget } from './playlist-store.js';
import { Stamps, type Hit } from './prefix-index.js';
import { QueryPlan } from './query-plan.js';
import type { SongRef } from './ref-list.js';
import { searchSongHits } from './song-search.js';
import { NONE } from './song-table.js';

/**
 * The whole catalog as the API reads it: songs, albums, playlists with their
 * entries, likes and usernames, held in memory with the orders and indexes
 * every read needs. Built once from the database at start, then kept current
 * change by change (CatalogChanges: this process's writes, and other replicas'
 * through the change feed): no read ever waits for a rebuild and none scans the
 * database. Lists that hold songs hold their slots in the song table, so a
 * change to a song shows everywhere at once.
 */
export class CatalogModel extends CatalogChanges {
  // The stores' parts the search methods below read.
  private readonly songIndex = this.songStore.index;
  private readonly artistSongs = this.songStore.artistSongs;
  private readonly genres = this.songStore.genres;
  private readonly albums = this.albumStore.byId;
  private readonly albumsByHandle = this.albumStore.byHandle;
  private readonly albumIndex = this.albumStore.index;
  private readonly playlistIndex = this.playlistStore.index;
  private readonly users = this.userStore.numbers;
  private readonly usernames = this.userStore.names;
  private readonly userIndex = this.userStore.index;
  private readonly songStamps = new Stamps();

  // ---- reads -------------------------------------------------------------

  get songCount(): number {
    return this.table.size;
  }

  song(id: string): SongRecord | null {
    return this.songStore.get(id);
  }

  /** Existing songs among the ids, in the order asked. */
  songsByIds(ids: readonly string[]): SongRecord[] {
    return ids.flatMap((id) => this.song(id) ?? []);
  }

  songsPage(request: PageRequest): Page<SongRecord> {
    return this.songStore.page(request);
  }

  /** Every song by id, for streaming the full list in slices. */
  songAt(position: number): SongRecord | undefined {
    return this.songStore.at(position);
  }

  /** The artist's songs, by id (a user page sorts them as it needs). */
  songsByArtist(artistId: string): SongRecord[] {
    return this.songStore.byArtist(artistId);
  }

  /** How many songs the artist has: their list's length, no records made. */
  songCountOf(artistId: string): number {
    return this.songStore.countOf(artistId);
  }

  /** Whether a song or album of the artist shows this cover file (a shared cover, SharedCovers). */
  showsCover(artistId: string, fileId: string): boolean {
    return this.songStore.showsCover(artistId, fileId) || this.albumStore.showsCover(artistId, fileId);
  }

  /** The first `limit` cover files songs, albums and playlists show whose ids sort after `after` (from the first with null), sorted. */
  coverFileIdsAfter(after: string | null, limit: number): string[] {
    const ids = new Set(this.songStore.coverFileIdsAfter(after, limit));
    const keep = (id: string | null) => {
      if (id && (after === null || id > after)) ids.add(id);
    };
    for (const album of this.albumStore.records()) keep(album.coverFileId);
    for (const playlist of this.playlistStore.records()) keep(playlist.coverFileId);
    return [...ids].sort().slice(0, limit);
  }

  album(id: string): AlbumRecord | null {
    return this.albumStore.get(id);
  }

  albumName(id: string | null): string | null {
    return this.albumStore.name(id);
  }

  albumsPage(request: PageRequest): Page<AlbumRecord> {
    return this.albumStore.page(request);
  }

  newestAlbumsPage(request: PageRequest): Page<AlbumRecord> {
    return this.albumStore.newestPage(request);
  }

  albumsByArtist(artistId: string): AlbumRecord[] {
    return this.albumStore.byArtist(artistId);
  }

  /** The latest year its songs' tags give, or null. */
  albumYear(albumId: string): number | null {
    return this.albumStore.year(albumId);
  }

  // ---- credited artists and genres (docs/artists.md) --------------------------

  /** A credited artist that has a song or an album; null otherwise. */
  artist(id: string): ListedArtist | null {
    return this.credits.get(id);
  }

  /** Any stored artist by artistKey (listed or not): what an import looks up before it creates one. */
  artistByKey(key: string): ArtistRecord | null {
    return this.credits.byKeyOf(key);
  }

  artistName(id: string): string | null {
    return this.credits.nameOf(id);
  }

  artistsPage(request: PageRequest, letter?: string): Page<ListedArtist> {
    return this.credits.page(request, letter);
  }

  searchArtists(text: string, limit: number): ListedArtist[] {
    return this.credits.search(text, limit);
  }

  /** Albums whose album artist it is. */
  albumsOfAlbumArtist(artistId: string): AlbumRecord[] {
    return this.albumStore.ofAlbumArtist(artistId);
  }

  /** Other album artists' albums (or albums without one) holding a song that credits the artist, newest made first. */
  albumsAppearedOn(artistId: string, limit = Number.POSITIVE_INFINITY): AlbumRecord[] {
    return this.albumStore.appearedOn(artistId, limit);
  }

  /** The artist's most played songs (ties: older first). */
  topSongsOf(artistId: string, limit: number): SongRecord[] {
    return this.songStore.topOf(artistId, limit);
  }

  /** The file of a picture for the artist: its first album's cover, else its first song's. */
  artistPictureFileId(artistId: string): string | null {
    return this.albumStore.pictureFileId(artistId);
  }

  genreList(): { name: string; songCount: number }[] {
    return this.genres.list();
  }

  searchGenres(text: string, limit: number): { name: string; songCount: number }[] {
    return this.genres.search(text, limit);
  }

  /** The genre's songs in id order; null when no song has it. */
  genreSongs(name: string, request: PageRequest): Page<SongRecord> | null {
    const page = this.genres.page(name, request);
    return page && { ...page, items: page.items.map((slot) => this.record(slot)) };
  }

  /** In album order (disc, track, id); a cursor is the last song's id, found again by that song's place. */
  albumSongs(albumId: string, request: PageRequest): Page<SongRecord> | null {
    const page = this.albumStore.songsPage(albumId, request);
    return page && { ...page, items: page.items.map((slot) => this.record(slot)) };
  }

  /** The song's loudness with its album's (docs/streaming.md, "Loudness"); null while the track is not measured. */
  songLoudness(song: SongRecord): SongLoudness | null {
    return this.measures.songLoudness(song, song.albumId ? this.albums.get(song.albumId) : undefined);
  }

  /** Every song with lyrics and when they were stored (the lyrics index's check of its copy, docs/lyrics.md). */
  songsWithLyrics(): Map<string, number> {
    return this.measures.songsWithLyrics();
  }

  /** Songs whose loudness is not known yet (the loudness job's "of Y"). */
  unmeasuredSongCount(): number {
    return this.measures.unmeasuredSongCount();
  }

  albumTotals(albumId: string): { songCount: number; totalDuration: number } {
    return this.albumStore.totals(albumId);
  }

  /** Plays of the album's songs together (Subsonic's "frequent" albums). */
  albumPlays(albumId: string): number {
    return this.albumStore.plays(albumId);
  }

  /** A playlist the viewer may see: someone else's private one reads as missing. */
  visiblePlaylist(id: string, viewerId: string | null): PlaylistRecord | null {
    return this.playlistStore.visible(id, viewerId);
  }

  /** Public playlists and the viewer's own private ones, by id. */
  visiblePlaylistsPage(viewerId: string | null, request: PageRequest): Page<PlaylistRecord> {
    return this.playlistStore.visiblePage(viewerId, request);
  }

  playlistsByCreator(creatorId: string): PlaylistRecord[] {
    return this.playlistStore.byCreator(creatorId);
  }

  /** In playlist order; a cursor is the last entry's id (see PlaylistStore.entries). */
  playlistEntries(playlistId: string, request: PageRequest): Page<SongRef> | null {
    return this.playlistStore.entries(playlistId, request);
  }

  /** The last entry's order key ('' for none): an added song goes after it. */
  playlistLastOrderKey(playlistId: string): string {
    return this.playlistStore.lastOrderKey(playlistId);
  }

  /** Where the song's entry sits, or null when the playlist does not hold it. */
  playlistEntryPlace(playlistId: string, songId: string): EntryPlace | null {
    return this.playlistStore.entryPlace(playlistId, songId);
  }

  /** What moving the song's entry to `target` involves (see MoveContext). */
  playlistMoveContext(playlistId: string, songId: string, target: MoveTarget): MoveContext {
    return this.playlistStore.moveContext(playlistId, songId, target);
  }

  playlistEntry(playlistId: string, songId: string): SongRef | null {
    return this.playlistStore.entry(playlistId, songId);
  }

  playlistTotals(playlistId: string): { songCount: number; totalDuration: number } {
    return this.playlistStore.totals(playlistId);
  }

  /** Newest like first. */
  likesPage(userId: string, request: PageRequest): Page<SongRef> {
    return this.likeStore.page(userId, request);
  }

  like(userId: string, songId: string): SongRef | null {
    return this.likeStore.like(userId, songId);
  }

  /**
   * The ids of every playlist entry and like that references the song: what its delete removes, by id, because a
   * delete by `song_id` reads the whole collection on the embedded engine. Only what this copy holds.
   */
  songReferences(songId: string): { entryIds: string[]; likeIds: string[] } {
    const slot = this.table.slotOf(songId);
    if (slot < 0) return { entryIds: [], likeIds: [] };
    return { entryIds: this.playlistStore.entryIdsOfSong(slot), likeIds: this.likeStore.idsOfSong(slot) };
  }

  /** The ids of the playlist's entries (what its delete removes; see songReferences). */
  playlistEntryIds(playlistId: string): string[] {
    return this.playlistStore.entryIds(playlistId);
  }

  usersPage(request: PageRequest): Page<PublicUser> {
    return this.userStore.page(request);
  }

  username(userId: string): string {
    return this.userStore.username(userId);
  }

  /** Songs by their title's, credited artists' and album's words, best first (docs/search.md; Subsonic's search3 too). */
  searchSongs(text: string | QueryPlan, limit: number): SongRecord[] {
    return this.songHits(planOf(text), limit).map((hit) => this.record(hit.handle));
  }

  searchAlbums(text: string | QueryPlan, limit: number): AlbumRecord[] {
    return this.albumIndex.searchScored(planOf(text), { limit }).map(({ item }) => item);
  }

  searchPlaylists(text: string | QueryPlan, viewerId: string | null, limit: number): PlaylistRecord[] {
    return this.playlistIndex.searchScored(planOf(text), { limit, accept: (playlist) => isVisible(playlist, viewerId) }).map(({ item }) => item);
  }

  /** Users whose username matches, best first. */
  searchUsers(text: string | QueryPlan, limit: number): PublicUser[] {
    return this.userIndex.searchHits(planOf(text), limit).map((hit) => {
      const id = this.users.valueOf(hit.handle);
      return { id, username: this.usernames.get(id)! };
    });
  }

  /**
   * Every group of the search screen with the top result (docs/search.md): the best of the first song, artist,
   * album and playlist by score, ties going to an artist, then an album, a song, a playlist.
   */
  search(text: string, viewerId: string | null, limit: number): SearchHits {
    const plan = new QueryPlan(text);
    const songs = this.songHits(plan, limit);
    const artists = this.credits.searchScored(plan, limit);
    const albums = this.albumIndex.searchScored(plan, { limit });
    const playlists = this.playlistIndex.searchScored(plan, { limit, accept: (playlist) => isVisible(playlist, viewerId) });
    const songRecords = songs.map((hit) => this.record(hit.handle));
    const contenders: { score: number; top: TopHit }[] = [];
    if (artists[0]) contenders.push({ score: artists[0].hit.score, top: { kind: 'artist', artist: artists[0].artist } });
    if (albums[0]) contenders.push({ score: albums[0].hit.score, top: { kind: 'album', album: albums[0].item } });
    if (songs[0]) contenders.push({ score: songs[0].score, top: { kind: 'song', song: songRecords[0]! } });
    if (playlists[0]) contenders.push({ score: playlists[0].hit.score, top: { kind: 'playlist', playlist: playlists[0].item } });
    // Stable: equal scores keep the order they were pushed in.
    contenders.sort((a, b) => a.score - b.score);
    return {
      top: contenders[0]?.top ?? null,
      songs: songRecords,
      artists: artists.map(({ artist }) => artist),
      albums: albums.map(({ item }) => item),
      playlists: playlists.map(({ item }) => item),
      users: plan.empty ? [] : this.searchUsers(plan, limit),
      genres: plan.empty ? [] : this.genres.search(plan, limit),
    };
  }

  private songHits(plan: QueryPlan, limit: number): Hit[] {
    return searchSongHits(
      plan,
      {
        titles: this.songIndex,
        credits: this.credits,
        albums: this.albumIndex,
        owners: this.userIndex,
        ownerSongs: (number) => this.artistSongs[number] ?? [],
        ownerOf: (slot) => this.table.artist(slot),
        albumSongs: (album) => this.albums.get(album.id)?.songs.view() ?? [],
        albumText: (slot) => {
          const handle = this.table.album(slot);
          const record = handle === NONE ? undefined : this.albumsByHandle[handle]?.record;
          return record ? this.albumIndex.foldedOf(record) : '';
        },
        plays: (slot) => this.table.plays(slot),
        compareSlots: (a, b) => this.table.compareIdsOf(a, b),
        stamps: this.songStamps,
      },
      limit,
    );
  }

  /** A record of the song in a slot, made for an answer. */
  private record(slot: number): SongRecord {
    return this.songStore.record(slot);
  }
}

/** The search screen's answer as the model has it (SearchService presents it). */
export interface SearchHits {
  top: TopHit | null;
  songs: SongRecord[];
  artists: ListedArtist[];
  albums: AlbumRecord[];
  playlists: PlaylistRecord[];
  users: PublicUser[];
  genres: { name: string; songCount: number }[];
}

export type TopHit =
  | { kind: 'song'; song: SongRecord }
  | { kind: 'artist'; artist: ListedArtist }
  | { kind: 'album'; album: AlbumRecord }
  | { kind: 'playlist'; playlist: PlaylistRecord };

function planOf(text: string | QueryPlan): QueryPlan {
  return typeof text === 'string' ? new QueryPlan(text) : text;
}
