import { Inject, Injectable } from '@nestjs/common';
import type { SessionUser } from '@tunafy/contracts';
import { isId } from '../../common/ids.js';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import { CATALOG_READS, type CatalogReads } from '../../catalog/reads/read-port.js';
import type { PlaylistRecord } from '../../persistence/playlists.repository.js';
import { PlaylistsService } from '../../playlists/playlists.service.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { SUBSONIC_ERRORS, SubsonicError } from '../protocol/subsonic-error.js';
import type { SubsonicParams } from '../protocol/subsonic-params.js';
import { ok, type SubsonicMethodGroup } from '../subsonic-method.js';
import { SubsonicView } from '../subsonic-view.js';

/**
 * The fewest songs to move so that `current` reads in `desired` order: all but a longest run already in order
 * (a longest increasing subsequence of their places), so an app's reorder costs the web's moves of what moved.
 */
export function songsToMove(current: readonly string[], desired: readonly string[]): Set<string> {
  const placeOf = new Map(current.map((songId, place) => [songId, place]));
  const places = desired.map((songId) => placeOf.get(songId) ?? -1);
  // tails[k]: where in `desired` the run of length k + 1 with the smallest last place ends.
  const tails: number[] = [];
  const previous = places.map(() => -1);
  places.forEach((place, at) => {
    if (place < 0) return;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (places[tails[middle]!]! < place) low = middle + 1;
      else high = middle;
    }
    previous[at] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = at;
  });
  const kept = new Set<number>();
  for (let at = tails.at(-1) ?? -1; at >= 0; at = previous[at]!) kept.add(at);
  return new Set(desired.filter((_, at) => !kept.has(at)));
}

/**
 * Song ids of a repeatable parameter, each once at its first place (a Tunafy playlist holds a song once),
 * every one an existing song before anything changes.
 */
async function existingSongIds(params: SubsonicParams, name: string, reads: CatalogReads): Promise<string[]> {
  const ids = [...new Set(params.all(name).map((id) => id.toLowerCase()))];
  if (ids.some((id) => !isId(id))) throw SubsonicError.notFound('Song');
  if ((await reads.songsByIds(ids)).length < ids.length) throw SubsonicError.notFound('Song');
  return ids;
}

const songIdsOf = async (reads: CatalogReads, playlistId: string) => ((await reads.playlistEntries(playlistId, {}))?.items ?? []).map((entry) => entry.song.id);

/**
 * Tunafy playlists keep the name, description and privacy they were made with (the web cannot change them either),
 * so an app asking for another value is told so before any song changes; the same values, as apps resend them, pass.
 */
function refuseDetailChanges(playlist: PlaylistRecord, params: SubsonicParams): void {
  const name = params.string('name')?.trim();
  const comment = params.string('comment')?.trim();
  const visible = params.bool('public');
  const changes = (name !== undefined && name !== playlist.name) || (comment !== undefined && comment !== (playlist.description ?? '')) || (visible !== undefined && visible === playlist.isPrivate);
  if (changes) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'Tunafy cannot rename a playlist or change its comment or privacy; its songs can be added, removed and reordered');
}

/** The same playlists, order and privacy as the web (PlaylistsService does every change, with its owner rules). */
@Injectable()
export class PlaylistMethods implements SubsonicMethodGroup {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly playlists: PlaylistsService,
    private readonly users: UsersRepository,
    @Inject(CATALOG_READS) private readonly reads: CatalogReads,
  ) {}

  /** Someone else's private playlist reads as missing (70); someone else's public one cannot be changed (50). */
  private async owned(id: string, user: SessionUser): Promise<PlaylistRecord> {
    const playlist = isId(id) ? await this.reads.visiblePlaylist(id.toLowerCase(), user.id) : null;
    if (!playlist) throw SubsonicError.notFound('Playlist');
    if (playlist.creatorId !== user.id) throw SubsonicError.notAuthorized('Only the creator can change this playlist');
    return playlist;
  }

  private async withSongs(user: SessionUser, playlistId: string) {
    const view = new SubsonicView(await this.catalog.current(), user.id);
    const playlist = await this.reads.visiblePlaylist(playlistId, user.id);
    if (!playlist) throw SubsonicError.notFound('Playlist');
    const entry = ((await this.reads.playlistEntries(playlist.id, {}))?.items ?? []).map((ref) => view.child(ref.song));
    return { ...view.playlist(playlist), entry };
  }

  /** Makes the playlist hold `desired` in that order: removes, adds, then moves the fewest songs. */
  private async replaceSongs(playlist: PlaylistRecord, desired: string[], user: SessionUser): Promise<void> {
    const current = await songIdsOf(this.reads, playlist.id);
    const wanted = new Set(desired);
    for (const songId of current) if (!wanted.has(songId)) await this.playlists.removeSong(playlist.id, user, { song_id: songId });
    const held = new Set(current);
    for (const songId of desired) if (!held.has(songId)) await this.playlists.addSong(playlist.id, user, { song_id: songId });
    const moving = songsToMove(await songIdsOf(this.reads, playlist.id), desired);
    for (const [at, songId] of desired.entries()) {
      if (moving.has(songId)) await this.playlists.moveSong(playlist.id, user, { song_id: songId, after_song_id: at === 0 ? null : desired[at - 1] });
    }
  }

  readonly methods = {
    getPlaylists: async ({ params, user }) => {
      const view = new SubsonicView(await this.catalog.current(), user.id);
      const username = params.string('username');
      let playlists: PlaylistRecord[];
      if (username === undefined || username.toLowerCase() === user.username.toLowerCase()) {
        // The app's playlist list is the user's own library, private ones included (docs/subsonic.md): every public
        // playlist of the instance would be thousands of rows at start-up; others' are reached by `username`.
        playlists = (await this.reads.creatorPlaylistsPage(user.id, user.id, {})).items;
      } else {
        // Another user's playlists: those anyone may see, as on their user page.
        const owner = await this.users.findByUsername(username);
        if (!owner) throw SubsonicError.notFound('User');
        playlists = (await this.reads.creatorPlaylistsPage(owner.id, user.id, {})).items;
      }
      return ok({ playlists: { playlist: playlists.map((playlist) => view.playlist(playlist)) } });
    },

    getPlaylist: async ({ params, user }) => {
      const id = params.required('id');
      if (!isId(id)) throw SubsonicError.notFound('Playlist');
      return ok({ playlist: await this.withSongs(user, id.toLowerCase()) });
    },

    /**
     * With `name`, a new playlist of the songs; with `playlistId`, that playlist's songs replaced by these in this
     * order (how apps save a reorder). New playlists are private: Subsonic apps make them so, and the web's home
     * page should not show an app's playlist its user never chose to share.
     */
    createPlaylist: async ({ params, user }) => {
      const playlistId = params.string('playlistId');
      if (playlistId) {
        const playlist = await this.owned(playlistId, user);
        refuseDetailChanges(playlist, params);
        await this.replaceSongs(playlist, await existingSongIds(params, 'songId', this.reads), user);
        return ok({ playlist: await this.withSongs(user, playlist.id) });
      }
      const name = params.required('name');
      const songIds = await existingSongIds(params, 'songId', this.reads);
      const created = await this.playlists.create(user, { playlist_name: name, private: true }, undefined);
      for (const songId of songIds) await this.playlists.addSong(created.id, user, { song_id: songId });
      return ok({ playlist: await this.withSongs(user, created.id) });
    },

    /** Removals name places in the playlist as it was before this call; added songs go last, one already there stays. */
    updatePlaylist: async ({ params, user }) => {
      const playlist = await this.owned(params.required('playlistId'), user);
      refuseDetailChanges(playlist, params);
      const adding = await existingSongIds(params, 'songIdToAdd', this.reads);
      const current = await songIdsOf(this.reads, playlist.id);
      const removing = new Set(
        params.all('songIndexToRemove').map((raw) => {
          const index = Number(raw);
          if (!Number.isInteger(index) || index < 0 || index >= current.length) throw SubsonicError.invalid('songIndexToRemove', `must be a place in the playlist, which holds ${current.length} songs`);
          return current[index]!;
        }),
      );
      for (const songId of removing) await this.playlists.removeSong(playlist.id, user, { song_id: songId });
      for (const songId of adding) await this.playlists.addSong(playlist.id, user, { song_id: songId });
      return ok();
    },

    deletePlaylist: async ({ params, user }) => {
      await this.playlists.delete(params.required('id'), user);
      return ok();
    },
  } satisfies SubsonicMethodGroup['methods'];
}
