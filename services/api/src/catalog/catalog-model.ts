import type { AudioFormat, PublicUser, SongLoudness } from '@tunafy/contracts';
import type { AlbumRecord } from '../albums/albums.repository.js';
import type { ArtistRecord } from '../artists/artists.repository.js';
import type { LikeRecord as StoredLike } from '../collection/likes.repository.js';
import type { PlaylistEntryRecord } from '../playlists/playlist-entries.repository.js';
import type { PlaylistRecord } from '../playlists/playlists.repository.js';
import type { SongRecord } from '../songs/songs.repository.js';
import { AlbumLoudnessSum, NO_LOUDNESS, songLoudnessOf } from '../loudness/loudness-values.js';
import { ArtistStore, type ListedArtist } from './artist-store.js';
import { GenreStore } from './genre-store.js';
import { IntList } from './int-list.js';
import { pageOf, positionAfterAscending, removeSorted, upsertSorted, type Page, type PageRequest } from './paging.js';
import { PrefixIndex, Stamps, WordIndex, type Hit } from './prefix-index.js';
import { QueryPlan } from './query-plan.js';
import { RefList, type SongRef } from './ref-list.js';
import { searchSongHits } from './song-search.js';
import { NO_NUMBER, NONE, SongTable, type SongRow } from './song-table.js';

const byId = (row: { id: string }) => row.id;

/** One record of the copy, as `records()` yields it and a load takes it. */
export type CatalogRecord =
  | { kind: 'user'; record: PublicUser }
  | { kind: 'artist'; record: ArtistRecord }
  | { kind: 'album'; record: AlbumRecord }
  | { kind: 'song'; record: SongRecord }
  | { kind: 'playlist'; record: PlaylistRecord }
  | { kind: 'entry'; record: PlaylistEntryRecord }
  | { kind: 'like'; record: StoredLike };

interface AlbumState {
  record: AlbumRecord;
  /** The album's number in the song table's album column. */
  handle: number;
  /** The album's songs (slots) in album order (see compareAlbumOrder). */
  songs: IntList;
  /**
   * Where songs that left the album sat, so a cursor naming one still finds
   * its place (album order is not id order, so the id alone cannot say).
   * Bounded: a cursor older than the last DEPARTED_KEPT departures restarts the album.
   */
  departed: Map<string, AlbumOrderKey>;
}

/** What a song's place on its album depends on. */
type AlbumOrderKey = Pick<SongRecord, 'id' | 'disc' | 'track'>;

const DEPARTED_KEPT = 1000;

/**
 * Album order: by disc (none counts as disc 1), then track number (songs
 * without one after the numbered songs of their disc), then id, so songs
 * made with the single-song form keep the order they were added in.
 */
export function compareAlbumOrder(a: AlbumOrderKey, b: AlbumOrderKey): number {
  return compareDiscAndTrack(a.disc, a.track, b.disc, b.track) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The disc-then-track part of album order (see compareAlbumOrder); undefined is a missing disc or track. */
function compareDiscAndTrack(discA: number | undefined, trackA: number | undefined, discB: number | undefined, trackB: number | undefined): number {
  if ((discA ?? 1) !== (discB ?? 1)) return (discA ?? 1) - (discB ?? 1);
  const numberA = trackA ?? Number.POSITIVE_INFINITY;
  const numberB = trackB ?? Number.POSITIVE_INFINITY;
  return numberA === numberB ? 0 : numberA < numberB ? -1 : 1;
}

interface PlaylistState {
  record: PlaylistRecord;
  entries: RefList;
}

/** A playlist entry as its order sees it: its id, its song and the key it sorts at (its own, or its id's implicit one). */
export interface EntryOrder {
  entryId: string;
  songId: string;
  orderKey: string;
}

/** Where a move puts a playlist's song: right after a song (null: first) or right before one (null: last). */
export type MoveTarget = { afterSongId: string | null } | { beforeSongId: string | null };

/**
 * What a move needs to know to give the entry a key (playlists/playlist-order.ts): the entry that will precede
 * it and the one that will follow it. When those two share a key (two replicas moved songs into one gap at the
 * same moment), `following` is every entry with that key from there on and `bound` the next key after them (null:
 * none), so the moved entry and they can be given keys in between.
 */
export type MoveContext =
  | { kind: 'no-entry' }
  | { kind: 'no-anchor' }
  | { kind: 'in-place' }
  | { kind: 'move'; entry: EntryOrder; previous: EntryOrder | null; following: EntryOrder[]; bound: string | null };

/** Where a playlist's song sits now, with its neighbours. */
export interface EntryPlace {
  index: number;
  total: number;
  afterSongId: string | null;
  beforeSongId: string | null;
}

/** What a list answer depends on, bumped by every change that can alter it (keys of cached full lists). */
export interface ListVersions {
  songs: number;
  albums: number;
}

/**
 * The whole catalog as the API reads it: songs, albums, playlists with their
 * entries, likes and usernames, held in memory with the orders and indexes
 * every read needs. Built once from the database at start, then kept current
 * change by change (this process's writes, and other replicas' through the
 * change feed): no read ever waits for a rebuild and none scans the database.
 *
 * Songs live in a columnar table (SongTable) and every list that holds songs
 * (an album, playlists, likes, the search index, an artist's songs) holds
 * their slots, so a change to a song shows everywhere at once, and records are
 * made only for the rows an answer returns: a million songs fit in a few
 * hundred megabytes. Albums, playlists and users (thousands) stay objects.
 *
 * References whose target is missing (a like of a deleted song that a racing
 * write left behind) are ignored rather than stored: reads never see a
 * dangling reference, and the janitor removes the row from the database.
 */
export class CatalogModel {
  private readonly table = new SongTable();
  private readonly songIndex = new WordIndex((a, b) => this.table.compareIdsOf(a, b));
  /** Each artist's songs (slots, unordered), by the artist's number. */
  private readonly artistSongs: (number[] | undefined)[] = [];
  private readonly albums = new Map<string, AlbumState>();
  private readonly albumsByHandle: (AlbumState | undefined)[] = [];
  private readonly albumOrder: AlbumRecord[] = [];
  private readonly playlists = new Map<string, PlaylistState>();
  private readonly playlistOrder: PlaylistRecord[] = [];
  private readonly usernames = new Map<string, string>();
  private readonly userOrder: PublicUser[] = [];
  /** Users by number (a song's artist column), numbered as first seen: an artist need not be loaded yet. */
  private readonly users = new Numbering();
  private readonly likes = new Map<string, RefList>();
  private readonly albumIndex = new PrefixIndex<AlbumRecord>();
  private readonly playlistIndex = new PrefixIndex<PlaylistRecord>();
  /** Usernames by user number, for the Profiles of a search. */
  private readonly userIndex = new WordIndex((a, b) => compareText(this.users.valueOf(a), this.users.valueOf(b)));
  private readonly songStamps = new Stamps();
  /** Values many songs repeat (genres, formats), by number, one copy each. */
  private readonly strings = new Numbering();
  /** Credited artists (docs/artists.md) and each song's credits. */
  private readonly credits = new ArtistStore(this.table);
  private readonly genres = new GenreStore(
    this.table,
    (number) => this.strings.valueOf(number),
    (name) => this.strings.find(name),
  );
  private loading = false;
  readonly versions: ListVersions = { songs: 0, albums: 0 };
  /**
   * Albums' loudness (packed, loudness-values.ts) as of `versions.songs`: worked out from their songs on first read and
   * again after any song changed, so a page of an album's rows costs one pass over the album, not one per row.
   */
  private readonly albumLoudnesses = new Map<number, { version: number; packed: number }>();

  // ---- reads -------------------------------------------------------------

  get songCount(): number {
    return this.table.size;
  }

  song(id: string): SongRecord | null {
    const slot = this.table.slotOf(id);
    return slot < 0 ? null : this.record(slot);
  }

  /** Existing songs among the ids, in the order asked. */
  songsByIds(ids: readonly string[]): SongRecord[] {
    return ids.flatMap((id) => this.song(id) ?? []);
  }

  songsPage(request: PageRequest): Page<SongRecord> {
    const table = this.table;
    return pageOf(table.size, (position) => this.record(table.slotAt(position)), byId, request, (id) => table.positionAfter(id));
  }

  /** Every song by id, for streaming the full list in slices. */
  songAt(position: number): SongRecord | undefined {
    return position >= 0 && position < this.table.size ? this.record(this.table.slotAt(position)) : undefined;
  }

  /** The artist's songs, by id (a user page sorts them as it needs). */
  songsByArtist(artistId: string): SongRecord[] {
    const number = this.users.find(artistId);
    const slots = number === undefined ? [] : [...(this.artistSongs[number] ?? [])];
    return slots.sort((a, b) => this.table.compareIdsOf(a, b)).map((slot) => this.record(slot));
  }

  /** How many songs the artist has: their list's length, no records made. */
  songCountOf(artistId: string): number {
    const number = this.users.find(artistId);
    return number === undefined ? 0 : (this.artistSongs[number]?.length ?? 0);
  }

  /**
   * Whether a song or album of the artist shows this cover file (a shared cover, SharedCovers): the songs' cover
   * column read by slot, without sorting the artist's songs or making a record of each as songsByArtist does.
   */
  showsCover(artistId: string, fileId: string): boolean {
    const number = this.users.find(artistId);
    const slots = number === undefined ? undefined : this.artistSongs[number];
    if (slots?.some((slot) => this.table.coverFileId(slot) === fileId)) return true;
    return this.albumOrder.some((album) => album.artistId === artistId && album.coverFileId === fileId);
  }

  album(id: string): AlbumRecord | null {
    return this.albums.get(id)?.record ?? null;
  }

  albumName(id: string | null): string | null {
    return id === null ? null : (this.albums.get(id)?.record.name ?? null);
  }

  albumsPage(request: PageRequest): Page<AlbumRecord> {
    return sortedPage(this.albumOrder, request);
  }

  albumsByArtist(artistId: string): AlbumRecord[] {
    return this.albumOrder.filter((album) => album.artistId === artistId);
  }

  /** The latest year its songs' tags give, or null. */
  albumYear(albumId: string): number | null {
    let year = NO_NUMBER;
    for (const slot of this.albums.get(albumId)?.songs.view() ?? []) year = Math.max(year, this.table.year(slot));
    return year === NO_NUMBER ? null : year;
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
    return this.credits.albumsOf(artistId).flatMap((id) => this.albums.get(id)?.record ?? []);
  }

  /** Other album artists' albums (or albums without one) holding a song that credits the artist, newest made first. */
  albumsAppearedOn(artistId: string, limit = Number.POSITIVE_INFINITY): AlbumRecord[] {
    const handles = new Set<number>();
    for (const slot of this.credits.songsOf(artistId)) {
      const album = this.table.album(slot);
      if (album !== NONE) handles.add(album);
    }
    const albums = [...handles].flatMap((handle) => this.albumsByHandle[handle]?.record ?? []).filter((album) => album.albumArtistId !== artistId);
    return albums.sort((a, b) => (a.id < b.id ? 1 : -1)).slice(0, limit);
  }

  /** The artist's most played songs (ties: older first), picked in one pass: an artist may have tens of thousands. */
  topSongsOf(artistId: string, limit: number): SongRecord[] {
    const before = (a: number, b: number) => this.table.plays(a) > this.table.plays(b) || (this.table.plays(a) === this.table.plays(b) && this.table.compareIdsOf(a, b) < 0);
    const best: number[] = [];
    for (const slot of this.credits.songsOf(artistId)) {
      if (best.length === limit && !before(slot, best[limit - 1]!)) continue;
      let at = best.length < limit ? best.length : limit - 1;
      while (at > 0 && before(slot, best[at - 1]!)) at--;
      best.splice(at, 0, slot);
      if (best.length > limit) best.pop();
    }
    return best.map((slot) => this.record(slot));
  }

  /** The file of a picture for the artist: its first album's cover, else its first song's. */
  artistPictureFileId(artistId: string): string | null {
    const albumId = this.credits.albumsOf(artistId)[0];
    const album = albumId === undefined ? undefined : this.albums.get(albumId);
    if (album) return album.record.coverFileId;
    const slot = this.credits.songsOf(artistId)[0];
    return slot === undefined ? null : this.table.coverFileId(slot);
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
    const state = this.albums.get(albumId);
    if (!state) return null;
    const songs = state.songs;
    const positionAfter = (id: string) => {
      const key = this.albumOrderKeyOf(state, id);
      return key ? this.firstPositionAfter(songs, (slot) => compareAlbumOrder(this.orderKey(slot), key)) : 0;
    };
    return pageOf(songs.length, (position) => this.record(songs.at(position)), byId, request, positionAfter);
  }

  /**
   * The song's loudness with its album's (docs/streaming.md, "Loudness"): the album's from the ReplayGain album tags
   * of its songs when any carries them, else from its measured tracks; null while the track is not measured.
   */
  songLoudness(song: SongRecord): SongLoudness | null {
    if (song.loudness === undefined) return null;
    const state = song.albumId ? this.albums.get(song.albumId) : undefined;
    return songLoudnessOf(song.loudness, state ? this.albumLoudness(state) : NO_LOUDNESS);
  }

  /** Every song with lyrics and when they were stored (the lyrics index's check of its copy, docs/lyrics.md). One pass over a column. */
  songsWithLyrics(): Map<string, number> {
    const found = new Map<string, number>();
    for (let position = 0; position < this.table.size; position++) {
      const slot = this.table.slotAt(position);
      const at = this.table.lyricsAt(slot);
      if (at !== 0) found.set(this.table.id(slot), at);
    }
    return found;
  }

  /** Songs whose loudness is not known yet (the loudness job's "of Y"). One pass over a column. */
  unmeasuredSongCount(): number {
    let count = 0;
    for (let position = 0; position < this.table.size; position++) if (this.table.loudness(this.table.slotAt(position)) === NONE) count++;
    return count;
  }

  private albumLoudness(state: AlbumState): number {
    const cached = this.albumLoudnesses.get(state.handle);
    if (cached?.version === this.versions.songs) return cached.packed;
    const sum = new AlbumLoudnessSum();
    let tagged = NO_LOUDNESS;
    for (const slot of state.songs.view()) {
      const fromTags = this.table.albumLoudness(slot);
      if (fromTags !== NONE) {
        tagged = fromTags;
        break;
      }
      sum.add(this.table.loudness(slot), this.table.duration(slot));
    }
    const packed = tagged !== NO_LOUDNESS ? tagged : sum.packed();
    this.albumLoudnesses.set(state.handle, { version: this.versions.songs, packed });
    return packed;
  }

  albumTotals(albumId: string): { songCount: number; totalDuration: number } {
    const songs = this.albums.get(albumId)?.songs.view() ?? [];
    let totalDuration = 0;
    for (const slot of songs) totalDuration += this.table.duration(slot);
    return { songCount: songs.length, totalDuration };
  }

  /** Plays of the album's songs together (Subsonic's "frequent" albums), read from the plays column. */
  albumPlays(albumId: string): number {
    let plays = 0;
    for (const slot of this.albums.get(albumId)?.songs.view() ?? []) plays += this.table.plays(slot);
    return plays;
  }

  /** A playlist the viewer may see: someone else's private one reads as missing. */
  visiblePlaylist(id: string, viewerId: string | null): PlaylistRecord | null {
    const record = this.playlists.get(id)?.record;
    return record && isVisible(record, viewerId) ? record : null;
  }

  /** Public playlists and the viewer's own private ones, by id. */
  visiblePlaylistsPage(viewerId: string | null, request: PageRequest): Page<PlaylistRecord> {
    const visible = this.playlistOrder.filter((playlist) => isVisible(playlist, viewerId));
    return sortedPage(visible, request);
  }

  playlistsByCreator(creatorId: string): PlaylistRecord[] {
    return this.playlistOrder.filter((playlist) => playlist.creatorId === creatorId);
  }

  /**
   * In playlist order: by order key, then entry id (entries without a key first). A cursor is the last entry's id:
   * the page continues after that entry's place now, also when it was moved since (see RefList.positionAfter).
   */
  playlistEntries(playlistId: string, request: PageRequest): Page<SongRef> | null {
    const entries = this.playlists.get(playlistId)?.entries;
    if (!entries) return null;
    return pageOf(entries.length, (position) => this.refAt(entries, position), byId, request, (id) => entries.positionAfter(id));
  }

  /** The last entry's order key ('' for none): an added song goes after it. */
  playlistLastOrderKey(playlistId: string): string {
    const entries = this.playlists.get(playlistId)?.entries;
    return entries && entries.length > 0 ? entries.orderKeyAt(entries.length - 1) : '';
  }

  /** Where the song's entry sits, or null when the playlist does not hold it. */
  playlistEntryPlace(playlistId: string, songId: string): EntryPlace | null {
    const entries = this.playlists.get(playlistId)?.entries;
    const index = entries ? this.positionOfSong(entries, songId) : -1;
    if (index < 0) return null;
    const songAt = (position: number) => (position >= 0 && position < entries!.length ? this.table.id(entries!.slotAt(position)) : null);
    return { index, total: entries!.length, afterSongId: songAt(index - 1), beforeSongId: songAt(index + 1) };
  }

  /** What moving the song's entry to `target` involves (see MoveContext); reads only, O(n) native scans at most. */
  playlistMoveContext(playlistId: string, songId: string, target: MoveTarget): MoveContext {
    const entries = this.playlists.get(playlistId)?.entries;
    const from = entries ? this.positionOfSong(entries, songId) : -1;
    if (from < 0) return { kind: 'no-entry' };
    const list = entries!;
    const anchor = 'afterSongId' in target ? target.afterSongId : target.beforeSongId;
    const anchorAt = anchor === null ? -1 : this.positionOfSong(list, anchor);
    if (anchor !== null && anchorAt < 0) return { kind: 'no-anchor' };
    // The position (in the list as it is) of the first entry that will follow the moved one.
    const next = 'afterSongId' in target ? (anchor === null ? 0 : anchorAt + 1) : anchor === null ? list.length : anchorAt;
    if (next === from || next === from + 1) return { kind: 'in-place' };
    const orderAt = (position: number): EntryOrder => ({
      entryId: list.idAt(position),
      songId: this.table.id(list.slotAt(position)),
      orderKey: list.orderKeyAt(position),
    });
    // next - 1 is never `from` here, so it is the entry that will precede it.
    const previous = next > 0 ? orderAt(next - 1) : null;
    // Keys are never '': with nothing before it, no entry after it can tie.
    const floor = previous?.orderKey ?? '';
    const following: EntryOrder[] = [];
    let bound: string | null = null;
    for (let position = next; position < list.length; position++) {
      if (position === from) continue;
      const key = list.orderKeyAt(position);
      if (key !== floor) {
        if (following.length === 0) following.push(orderAt(position));
        else bound = key;
        break;
      }
      following.push(orderAt(position));
    }
    return { kind: 'move', entry: orderAt(from), previous, following, bound };
  }

  playlistEntry(playlistId: string, songId: string): SongRef | null {
    return this.findRef(this.playlists.get(playlistId)?.entries, songId);
  }

  playlistTotals(playlistId: string): { songCount: number; totalDuration: number } {
    const entries = this.playlists.get(playlistId)?.entries;
    return { songCount: entries?.length ?? 0, totalDuration: entries?.sum((slot) => this.table.duration(slot)) ?? 0 };
  }

  /** Newest like first. */
  likesPage(userId: string, request: PageRequest): Page<SongRef> {
    const likes = this.likes.get(userId) ?? new RefList();
    const newestFirst = (position: number) => this.refAt(likes, likes.length - 1 - position);
    // Positions count from the newest; after a cursor comes the next older like, whether or not the cursor's like is still there.
    return pageOf(likes.length, newestFirst, byId, request, (id) => likes.length - likes.positionOf(id));
  }

  like(userId: string, songId: string): SongRef | null {
    return this.findRef(this.likes.get(userId), songId);
  }

  /**
   * The ids of every playlist entry and like that references the song: what its delete removes, by id, because a
   * delete by `song_id` reads the whole collection on the embedded engine. Only what this copy holds.
   */
  songReferences(songId: string): { entryIds: string[]; likeIds: string[] } {
    const slot = this.table.slotOf(songId);
    const idsIn = (lists: Iterable<RefList>) => {
      const ids: string[] = [];
      if (slot < 0) return ids;
      for (const list of lists) {
        const position = list.positionOfSlot(slot);
        if (position >= 0) ids.push(list.idAt(position));
      }
      return ids;
    };
    return { entryIds: idsIn([...this.playlists.values()].map((state) => state.entries)), likeIds: idsIn(this.likes.values()) };
  }

  /** The ids of the playlist's entries (what its delete removes; see songReferences). */
  playlistEntryIds(playlistId: string): string[] {
    return this.playlists.get(playlistId)?.entries.allIds() ?? [];
  }

  usersPage(request: PageRequest): Page<PublicUser> {
    return sortedPage(this.userOrder, request);
  }

  username(userId: string): string {
    return this.usernames.get(userId) ?? '';
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

  // ---- changes -----------------------------------------------------------

  putUser(id: string, username: string): void {
    const number = this.users.numberOf(id);
    if (this.usernames.get(id) === username) return;
    this.usernames.set(id, username);
    this.userIndex.put(number, username);
    upsertSorted(this.userOrder, byId, { id, username });
    this.versions.songs++;
    this.versions.albums++;
  }

  putArtist(next: ArtistRecord): void {
    this.credits.put(next);
    this.versions.songs++;
    this.versions.albums++;
  }

  /** Adds or updates a song; a song whose album is unknown is kept with no album (the album's delete is on its way). */
  putSong(next: SongRecord): SongRecord {
    const row = this.rowOf(next);
    let slot = this.table.slotOf(next.id);
    if (slot >= 0) {
      const before = this.table.row(slot);
      const moves = before.album !== row.album || before.disc !== row.disc || before.track !== row.track;
      const recredited = before.credits !== row.credits;
      const regenred = before.genre !== row.genre;
      if (moves) this.leaveAlbum(slot);
      if (before.artist !== row.artist) this.leaveArtist(slot);
      if (recredited) this.credits.leave(slot);
      if (regenred) this.genres.leave(slot);
      this.table.update(slot, row);
      if (moves) this.joinAlbum(slot);
      if (before.artist !== row.artist) this.joinArtist(slot);
      if (recredited) this.credits.join(slot);
      if (regenred) this.genres.join(slot);
    } else {
      slot = this.table.add(row);
      this.joinAlbum(slot);
      this.joinArtist(slot);
      this.credits.join(slot);
      this.genres.join(slot);
    }
    this.songIndex.put(slot, row.name);
    this.versions.songs++;
    return this.record(slot);
  }

  /**
   * The loader's way in: songs appended in the order the database sends them, placed in id and album order once
   * by finishSongLoad(), instead of a sorted insert each (or a million records held to sort them first).
   * Every song's id must be new.
   */
  loadSong(next: SongRecord): void {
    if (!this.loading) {
      this.loading = true;
      this.table.beginUnordered();
      this.genres.beginLoad();
    }
    const slot = this.table.add(this.rowOf(next));
    const album = this.table.album(slot);
    if (album !== NONE) this.albumsByHandle[album]!.songs.push(slot);
    this.joinArtist(slot);
    this.credits.join(slot);
    this.genres.join(slot);
    this.songIndex.put(slot, next.name);
  }

  finishSongLoad(): void {
    if (!this.loading) return;
    this.loading = false;
    this.table.sortOrder();
    this.genres.finishLoad();
    for (const state of this.albums.values()) state.songs.view().sort((a, b) => this.compareAlbumSlots(a, b));
    this.versions.songs++;
  }

  countPlay(songId: string): void {
    const slot = this.table.slotOf(songId);
    if (slot >= 0) this.table.countPlay(slot);
  }

  /** Removes the song with every reference to it (album, playlist entries, likes), as the database delete does. */
  deleteSong(id: string): void {
    const slot = this.table.slotOf(id);
    if (slot < 0) return;
    this.leaveAlbum(slot);
    this.leaveArtist(slot);
    this.credits.leave(slot);
    this.genres.leave(slot);
    for (const state of this.playlists.values()) state.entries.removeSlot(slot);
    for (const likes of this.likes.values()) likes.removeSlot(slot);
    this.songIndex.remove(slot);
    // Last: the slot is free for the next song once nothing refers to it.
    this.table.remove(slot);
    this.versions.songs++;
  }

  putAlbum(next: AlbumRecord): void {
    const existing = this.albums.get(next.id);
    this.credits.moveAlbum(next.id, existing?.record.albumArtistId, next.albumArtistId);
    if (existing) {
      if (next.albumArtistId === undefined) delete existing.record.albumArtistId;
      Object.assign(existing.record, next);
      this.albumIndex.put(existing.record, next.name, next.id);
    } else {
      const record = { ...next };
      const state: AlbumState = { record, handle: this.albumsByHandle.length, songs: new IntList(), departed: new Map() };
      this.albums.set(record.id, state);
      this.albumsByHandle.push(state);
      upsertSorted(this.albumOrder, byId, record);
      this.albumIndex.put(record, record.name, record.id);
    }
    this.versions.albums++;
    // Song rows show the album's name.
    this.versions.songs++;
  }

  /** Its songs stay, with no album. */
  deleteAlbum(id: string): void {
    const state = this.albums.get(id);
    if (!state) return;
    this.credits.moveAlbum(id, state.record.albumArtistId, undefined);
    for (const slot of state.songs.view()) this.table.setAlbum(slot, NONE);
    this.albums.delete(id);
    // Its number is not reused: a number per album ever made costs one array element.
    this.albumsByHandle[state.handle] = undefined;
    this.albumLoudnesses.delete(state.handle);
    removeSorted(this.albumOrder, byId, id);
    this.albumIndex.remove(state.record);
    this.versions.albums++;
    this.versions.songs++;
  }

  putPlaylist(next: PlaylistRecord): void {
    const existing = this.playlists.get(next.id);
    if (existing) {
      Object.assign(existing.record, next);
      this.playlistIndex.put(existing.record, next.name, next.id);
      return;
    }
    const record = { ...next };
    this.playlists.set(record.id, { record, entries: new RefList() });
    upsertSorted(this.playlistOrder, byId, record);
    this.playlistIndex.put(record, record.name, record.id);
  }

  deletePlaylist(id: string): void {
    const state = this.playlists.get(id);
    if (!state) return;
    this.playlists.delete(id);
    removeSorted(this.playlistOrder, byId, id);
    this.playlistIndex.remove(state.record);
  }

  /**
   * Adds the entry, or moves it to its order key's place. The database holds one entry per playlist and song, so
   * an entry of a song already held under another id replaces it (the song was removed and added again).
   * False when its song or playlist is gone: the row is an orphan (see CatalogLoader.apply).
   */
  putEntry(entry: PlaylistEntryRecord): boolean {
    const slot = this.table.slotOf(entry.songId);
    const state = this.playlists.get(entry.playlistId);
    if (slot < 0 || !state) return false;
    state.entries.put(entry.id, slot, entry.addedAt, entry.position ?? '', true);
    return true;
  }

  /** Gives entries new order keys; an entry no longer held (removed meanwhile) is skipped, never added back. */
  moveEntries(playlistId: string, moves: readonly EntryOrder[]): void {
    const entries = this.playlists.get(playlistId)?.entries;
    if (!entries) return;
    for (const move of moves) {
      const slot = this.table.slotOf(move.songId);
      if (slot >= 0) entries.move(slot, move.entryId, move.orderKey);
    }
  }

  deleteEntry(playlistId: string, songId: string): void {
    const slot = this.table.slotOf(songId);
    if (slot >= 0) this.playlists.get(playlistId)?.entries.removeSlot(slot);
  }

  /** False when the song is gone: the row is an orphan (see CatalogLoader.apply). */
  putLike(like: StoredLike): boolean {
    const slot = this.table.slotOf(like.songId);
    if (slot < 0) return false;
    let likes = this.likes.get(like.userId);
    if (!likes) {
      likes = new RefList();
      this.likes.set(like.userId, likes);
    }
    likes.put(like.id, slot, like.likedAt);
    return true;
  }

  deleteLike(userId: string, songId: string): void {
    const slot = this.table.slotOf(songId);
    if (slot >= 0) this.likes.get(userId)?.removeSlot(slot);
  }

  /**
   * Takes one record of a load, the database's or a snapshot's, in the order `records()` gives them: songs go straight
   * into the table (loadSong), and their order is settled once, before the first record that refers to them.
   */
  loadRecord({ kind, record }: CatalogRecord): void {
    if (this.loading && kind !== 'song') this.finishSongLoad();
    switch (kind) {
      case 'user':
        return this.putUser(record.id, record.username);
      case 'artist':
        return this.credits.put(record);
      case 'album':
        return this.putAlbum(record);
      case 'song':
        return this.loadSong(record);
      case 'playlist':
        return this.putPlaylist(record);
      case 'entry':
        this.putEntry(record);
        return;
      case 'like':
        this.putLike(record);
        return;
    }
  }

  /**
   * Every record the copy holds, in the order a load puts them in (users, artists, albums, songs, playlists, entries,
   * likes), made one at a time: what a snapshot stores (catalog-snapshot.ts), without a second copy in memory.
   */
  *records(): Generator<CatalogRecord> {
    for (const user of this.userOrder) yield { kind: 'user', record: user };
    for (const artist of this.credits.records()) yield { kind: 'artist', record: artist };
    for (const album of this.albumOrder) yield { kind: 'album', record: album };
    for (let position = 0; position < this.table.size; position++) yield { kind: 'song', record: this.record(this.table.slotAt(position)) };
    for (const { record } of this.playlists.values()) yield { kind: 'playlist', record };
    for (const { record, entries } of this.playlists.values()) {
      for (let position = 0; position < entries.length; position++) {
        const entry: PlaylistEntryRecord = { id: entries.idAt(position), playlistId: record.id, songId: this.table.id(entries.slotAt(position)), addedAt: entries.timeAt(position) };
        const key = entries.ownKeyAt(position);
        yield { kind: 'entry', record: key ? { ...entry, position: key } : entry };
      }
    }
    for (const [userId, likes] of this.likes) {
      for (let position = 0; position < likes.length; position++) {
        yield { kind: 'like', record: { id: likes.idAt(position), userId, songId: this.table.id(likes.slotAt(position)), likedAt: likes.timeAt(position) } };
      }
    }
  }

  /**
   * Drops the spare capacity lists keep for growth (the song table, playlist entries, likes, albums' songs, the search
   * indexes' postings, per-artist and per-genre songs), once, after the load: at a million songs that slack is tens of
   * megabytes of a budget the catalog must fit in.
   */
  compact(): void {
    this.table.compact();
    for (const state of this.playlists.values()) state.entries.compact();
    for (const likes of this.likes.values()) likes.compact();
    for (const state of this.albums.values()) state.songs.compact();
    for (const [number, songs] of this.artistSongs.entries()) if (songs) this.artistSongs[number] = songs.slice();
    this.songIndex.compact();
    this.albumIndex.compact();
    this.playlistIndex.compact();
    this.userIndex.compact();
    this.genres.compact();
    this.credits.compact();
  }

  // ---- songs as records and rows -----------------------------------------

  /** A record of the song in a slot, made for an answer: changing it changes nothing here. */
  private record(slot: number): SongRecord {
    const row = this.table.row(slot);
    const record: SongRecord = {
      id: row.id,
      name: row.name,
      artistId: this.users.valueOf(row.artist),
      albumId: row.album === NONE ? null : this.albumsByHandle[row.album]!.record.id,
      coverFileId: row.coverFileId,
      audioFileId: row.audioFileId,
      duration: row.duration,
      plays: row.plays,
      createdAt: row.createdAt,
    };
    if (row.format !== NONE) record.audioFormat = this.strings.valueOf(row.format) as AudioFormat;
    if (row.disc !== NO_NUMBER) record.disc = row.disc;
    if (row.track !== NO_NUMBER) record.track = row.track;
    if (row.year !== NO_NUMBER) record.year = row.year;
    if (row.genre !== NONE) record.genre = this.strings.valueOf(row.genre);
    const creditIds = this.credits.creditIdsOf(row.credits);
    if (creditIds) record.creditIds = creditIds;
    if (row.loudness !== NONE) record.loudness = row.loudness;
    if (row.albumLoudness !== NONE) record.albumLoudness = row.albumLoudness;
    if (row.lyricsAt !== 0) record.lyricsAt = row.lyricsAt;
    return record;
  }

  private rowOf(song: SongRecord): SongRow {
    const album = song.albumId ? this.albums.get(song.albumId) : undefined;
    return {
      id: song.id,
      name: song.name,
      artist: this.users.numberOf(song.artistId),
      album: album ? album.handle : NONE,
      coverFileId: song.coverFileId,
      audioFileId: song.audioFileId,
      duration: song.duration,
      plays: song.plays,
      createdAt: song.createdAt,
      disc: song.disc ?? NO_NUMBER,
      track: song.track ?? NO_NUMBER,
      year: song.year ?? NO_NUMBER,
      genre: song.genre === undefined ? NONE : this.strings.numberOf(song.genre),
      format: song.audioFormat === undefined ? NONE : this.strings.numberOf(song.audioFormat),
      credits: this.credits.creditSetOf(song.creditIds),
      loudness: song.loudness ?? NONE,
      albumLoudness: song.albumLoudness ?? NONE,
      lyricsAt: song.lyricsAt ?? 0,
    };
  }

  private refAt(list: RefList, position: number): SongRef {
    const ref: SongRef = { id: list.idAt(position), song: this.record(list.slotAt(position)), at: list.timeAt(position) };
    const orderKey = list.ownKeyAt(position);
    if (orderKey) ref.orderKey = orderKey;
    return ref;
  }

  /** Where the song's reference (a playlist entry or a like) sits in the list, or -1. */
  private positionOfSong(list: RefList, songId: string): number {
    const slot = this.table.slotOf(songId);
    return slot < 0 ? -1 : list.positionOfSlot(slot);
  }

  private findRef(list: RefList | undefined, songId: string): SongRef | null {
    const position = list ? this.positionOfSong(list, songId) : -1;
    return position < 0 ? null : this.refAt(list!, position);
  }

  private joinArtist(slot: number): void {
    const artist = this.table.artist(slot);
    (this.artistSongs[artist] ??= []).push(slot);
  }

  private leaveArtist(slot: number): void {
    const songs = this.artistSongs[this.table.artist(slot)];
    const at = songs ? songs.lastIndexOf(slot) : -1;
    if (at >= 0) songs!.splice(at, 1);
  }

  // ---- album order -------------------------------------------------------

  private orderKey(slot: number): AlbumOrderKey {
    return { id: this.table.id(slot), disc: this.discOf(slot), track: this.trackOf(slot) };
  }

  private discOf(slot: number): number | undefined {
    const disc = this.table.disc(slot);
    return disc === NO_NUMBER ? undefined : disc;
  }

  private trackOf(slot: number): number | undefined {
    const track = this.table.track(slot);
    return track === NO_NUMBER ? undefined : track;
  }

  /** compareAlbumOrder on two slots, without making their keys or hex ids (a load sorts every album with it). */
  private compareAlbumSlots(a: number, b: number): number {
    return compareDiscAndTrack(this.discOf(a), this.trackOf(a), this.discOf(b), this.trackOf(b)) || this.table.compareIdsOf(a, b);
  }

  /** First position whose song sorts after the key `compareTo` compares against (it answers slot vs key). */
  private firstPositionAfter(songs: IntList, compareTo: (slot: number) => number): number {
    let low = 0;
    let high = songs.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareTo(songs.at(middle)) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private joinAlbum(slot: number): void {
    const album = this.table.album(slot);
    const state = album === NONE ? undefined : this.albumsByHandle[album];
    if (!state) return;
    state.departed.delete(this.table.id(slot));
    const songs = state.songs;
    // The common case while uploading: the song goes last.
    if (songs.length === 0 || this.compareAlbumSlots(songs.at(songs.length - 1), slot) < 0) songs.push(slot);
    else songs.insert(this.firstPositionAfter(songs, (other) => this.compareAlbumSlots(other, slot)), slot);
  }

  /** Call before the song's album, disc or track change: its place is found by their current values. */
  private leaveAlbum(slot: number): void {
    const album = this.table.album(slot);
    const state = album === NONE ? undefined : this.albumsByHandle[album];
    if (!state) return;
    const songs = state.songs;
    let at = this.firstPositionAfter(songs, (other) => this.compareAlbumSlots(other, slot)) - 1;
    if (at < 0 || songs.at(at) !== slot) at = songs.indexOf(slot);
    if (at < 0) return;
    songs.removeAt(at);
    const key = this.orderKey(slot);
    state.departed.set(key.id, key);
    if (state.departed.size > DEPARTED_KEPT) state.departed.delete(state.departed.keys().next().value!);
  }

  private albumOrderKeyOf(state: AlbumState, songId: string): AlbumOrderKey | null {
    const slot = this.table.slotOf(songId);
    if (slot >= 0 && this.table.album(slot) === state.handle) return this.orderKey(slot);
    return state.departed.get(songId) ?? (slot >= 0 ? this.orderKey(slot) : null);
  }
}

/** Strings by small numbers, numbered as first seen, one copy each: what a song's columns hold instead of a string. */
class Numbering {
  private readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();

  find(value: string): number | undefined {
    return this.numbers.get(value);
  }

  numberOf(value: string): number {
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.values.push(value) - 1;
      this.numbers.set(value, number);
    }
    return number;
  }

  valueOf(number: number): string {
    return this.values[number]!;
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

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isVisible(playlist: PlaylistRecord, viewerId: string | null): boolean {
  return !playlist.isPrivate || playlist.creatorId === viewerId;
}

function sortedPage<T extends { id: string }>(sorted: readonly T[], request: PageRequest): Page<T> {
  return pageOf(sorted.length, (position) => sorted[position]!, byId, request, (id) => positionAfterAscending(sorted, byId, id));
}
