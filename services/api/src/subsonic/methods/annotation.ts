import { Inject, Injectable } from '@nestjs/common';
import { isId } from '../../common/ids.js';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import type { CatalogModel } from '../../catalog/catalog-model.js';
import { CATALOG_READS, type CatalogReads } from '../../catalog/reads/read-port.js';
import { CollectionService } from '../../collection/collection.service.js';
import { PlaysService } from '../../listening/plays.service.js';
import type { SongRecord } from '../../persistence/songs.repository.js';
import { SUBSONIC_ERRORS, SubsonicError } from '../protocol/subsonic-error.js';
import type { SubsonicParams } from '../protocol/subsonic-params.js';
import { SubsonicLibrary } from '../subsonic-library.js';
import { ok, type SubsonicCall, type SubsonicMethodGroup } from '../subsonic-method.js';
import { SubsonicView } from '../subsonic-view.js';

const ONLY_SONGS = 'Only songs can be starred in Tunafy';
/** A now-playing entry outlives its song by this much, so a paused or slow app still shows for a while. */
const NOW_PLAYING_GRACE_MS = 60_000;

interface NowPlayingEntry {
  songId: string;
  client: string;
  at: number;
  expiresAt: number;
}

/**
 * The song ids a star, unstar or scrobble names (`id`, repeatable), checked before anything changes. Albums and
 * artists cannot be liked in Tunafy, so naming one (also as an `id`, which folder-browsing apps send) is refused
 * with a message the app can show, rather than liking every song of it behind the user's back.
 */
async function songIds(params: SubsonicParams, model: CatalogModel, library: SubsonicLibrary, { mustExist }: { mustExist: boolean }): Promise<string[]> {
  if (params.all('albumId').length > 0 || params.all('artistId').length > 0) throw new SubsonicError(SUBSONIC_ERRORS.generic, ONLY_SONGS);
  const ids = params.all('id').map((id) => id.toLowerCase());
  if (ids.length === 0) throw SubsonicError.missing('id');
  for (const id of ids) {
    if (!isId(id)) throw SubsonicError.notFound('Song');
    if (model.song(id)) continue;
    if (model.album(id) || (await library.artist(model, id))) throw new SubsonicError(SUBSONIC_ERRORS.generic, ONLY_SONGS);
    if (mustExist) throw SubsonicError.notFound('Song');
  }
  return [...new Set(ids)];
}

/**
 * Stars, plays and what is playing: a star is the web's like (CollectionService), a scrobble the web's play
 * (PlaysService, with its 30 s dedupe), so both show on the web and the other way round.
 */
@Injectable()
export class AnnotationMethods implements SubsonicMethodGroup {
  /**
   * "Now playing" per user and app, in this process only: with several API replicas an app's report shows only
   * on the replica it reached. Tunafy has no friends' activity, so each user sees only their own entries.
   */
  private readonly nowPlaying = new Map<string, NowPlayingEntry[]>();
  private sweptAt = 0;

  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly library: SubsonicLibrary,
    private readonly collection: CollectionService,
    private readonly plays: PlaysService,
    @Inject(CATALOG_READS) private readonly reads: CatalogReads,
  ) {}

  private playing(userId: string, now: number): NowPlayingEntry[] {
    const live = (this.nowPlaying.get(userId) ?? []).filter((entry) => entry.expiresAt > now);
    if (live.length > 0) this.nowPlaying.set(userId, live);
    else this.nowPlaying.delete(userId);
    return live;
  }

  private reportPlaying(call: SubsonicCall, song: SongRecord): void {
    const now = Date.now();
    // Users who stopped reporting are dropped here too, at most once a minute, so the map holds only the listening.
    if (now - this.sweptAt > NOW_PLAYING_GRACE_MS) {
      this.sweptAt = now;
      for (const userId of [...this.nowPlaying.keys()]) this.playing(userId, now);
    }
    const client = call.client ?? '';
    const others = this.playing(call.user.id, now).filter((entry) => entry.client !== client);
    this.nowPlaying.set(call.user.id, [...others, { songId: song.id, client, at: now, expiresAt: now + song.duration * 1000 + NOW_PLAYING_GRACE_MS }]);
  }

  readonly methods = {
    star: async (call) => {
      const ids = await songIds(call.params, await this.catalog.current(), this.library, { mustExist: true });
      for (const id of ids) await this.collection.like(call.user.id, call.user, { song_id: id });
      return ok();
    },

    unstar: async (call) => {
      // Like the web's unlike, also for songs deleted since, so a stale star can always be cleared.
      const ids = await songIds(call.params, await this.catalog.current(), this.library, { mustExist: false });
      for (const id of ids) await this.collection.unlike(call.user.id, call.user, { song_id: id });
      return ok();
    },

    getStarred2: async (call) => ok({ starred2: await this.starred(call) }),
    getStarred: async (call) => ok({ starred: await this.starred(call) }),

    /**
     * `submission` (default true) counts a play for each song as the web player's report does; `time` is not kept,
     * since a play counts when it reaches the server. `submission=false` only says what is playing now.
     */
    scrobble: async (call) => {
      const submission = call.params.bool('submission') ?? true;
      const model = await this.catalog.current();
      const ids = await songIds(call.params, model, this.library, { mustExist: true });
      if (!submission) {
        this.reportPlaying(call, model.song(ids.at(-1)!)!);
        return ok();
      }
      for (const id of ids) await this.plays.play(call.user, { song_id: id });
      return ok();
    },

    getNowPlaying: async (call) => {
      const now = Date.now();
      const view = new SubsonicView(await this.catalog.current(), call.user.id);
      const entry = this.playing(call.user.id, now).flatMap(({ songId, client, at }) => {
        const song = view.model.song(songId);
        if (!song) return [];
        return [{ ...view.child(song), username: call.user.username, minutesAgo: Math.floor((now - at) / 60_000), playerId: 0, playerName: client || undefined }];
      });
      return ok({ nowPlaying: { entry } });
    },
  } satisfies SubsonicMethodGroup['methods'];

  /** The user's liked songs, newest like first; only songs can be liked, so no artists or albums. */
  private async starred(call: SubsonicCall) {
    const view = new SubsonicView(await this.catalog.current(), call.user.id);
    const song = (await this.reads.likesPage(call.user.id, {})).items.map((like) => view.child(like.song));
    return { artist: [], album: [], song };
  }
}
