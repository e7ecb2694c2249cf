import { Injectable } from '@nestjs/common';
import { LISTENING_LIMITS, type PlayerState } from '@tunafy/contracts';
import { ApiException } from '../../common/api-exception.js';
import { isId } from '../../common/ids.js';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import { PlayerStateService } from '../../listening/player-state.service.js';
import { SubsonicError } from '../protocol/subsonic-error.js';
import { ok, type SubsonicCall, type SubsonicMethodGroup } from '../subsonic-method.js';
import { SubsonicView } from '../subsonic-view.js';

/** What `changedBy` says when the queue was not saved by an app through this process: the web player, or another replica. */
const SAVED_ELSEWHERE = 'Tunafy';
/** `changed` of a queue never saved: older than any save, so an app keeps what it has. */
const NEVER = new Date(0).toISOString();

/**
 * The play queue is the web player's saved state (PlayerStateService): stop in an app and the web resumes there,
 * and the other way round. Subsonic counts the position in milliseconds, the web in seconds.
 */
@Injectable()
export class PlayQueueMethods implements SubsonicMethodGroup {
  /** Which app made each user's last save, by the save's time: the saved player has no field for it. Per process. */
  private readonly savedBy = new Map<string, { client: string; at: string }>();

  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly playerState: PlayerStateService,
  ) {}

  private async save(call: SubsonicCall, ids: string[], index: number): Promise<void> {
    // Unknown but well-formed ids are kept, as the web keeps them, and dropped when the queue is read.
    if (!ids.every(isId)) throw SubsonicError.notFound('Song');
    const position = (call.params.int('position', { min: 0 }) ?? 0) / 1000;
    // Apps queue whole libraries; the saved player holds LISTENING_LIMITS.queueMax songs, so keep those around the current one.
    const start = Math.max(0, Math.min(index - Math.floor(LISTENING_LIMITS.queueMax / 2), ids.length - LISTENING_LIMITS.queueMax));
    const queue = ids.slice(start, start + LISTENING_LIMITS.queueMax);
    const saved = await this.playerState.save(call.user, { queue, index: index - start, position });
    this.savedBy.set(call.user.id, { client: call.client ?? '', at: saved.updated_at });
  }

  /** The saved queue as Subsonic children, with where it stands; a valid empty queue when nothing was saved. */
  private async load(call: SubsonicCall) {
    const view = new SubsonicView(await this.catalog.current(), call.user.id);
    const state = await this.saved(call);
    const entry = (state?.queue ?? []).flatMap((song) => {
      const record = view.model.song(song.id);
      return record ? [view.child(record)] : [];
    });
    const by = this.savedBy.get(call.user.id);
    return {
      entry,
      index: entry.length > 0 ? Math.min(state!.index, entry.length - 1) : undefined,
      position: state ? Math.round(state.position * 1000) : 0,
      username: call.user.username,
      changed: state?.updated_at ?? NEVER,
      changedBy: state && by?.at === state.updated_at ? by.client : SAVED_ELSEWHERE,
    };
  }

  private saved(call: SubsonicCall): Promise<PlayerState | null> {
    return this.playerState.load(call.user);
  }

  readonly methods = {
    savePlayQueue: async (call) => {
      const ids = call.params.all('id').map((id) => id.toLowerCase());
      const current = call.params.string('current')?.toLowerCase() || undefined;
      const index = current === undefined ? 0 : ids.indexOf(current);
      if (index < 0) throw SubsonicError.invalid('current', 'must be one of the queue’s ids');
      await this.save(call, ids, index);
      return ok();
    },

    getPlayQueue: async (call) => {
      const { entry, index, ...rest } = await this.load(call);
      return ok({ playQueue: { ...rest, current: index === undefined ? undefined : entry[index]!.id, entry } });
    },

    savePlayQueueByIndex: async (call) => {
      const ids = call.params.all('id').map((id) => id.toLowerCase());
      const index = call.params.int('currentIndex', { min: 0, max: Math.max(0, ids.length - 1) });
      if (index === undefined && ids.length > 0) throw SubsonicError.missing('currentIndex');
      await this.save(call, ids, index ?? 0);
      return ok();
    },

    getPlayQueueByIndex: async (call) => {
      const { index, ...rest } = await this.load(call);
      return ok({ playQueueByIndex: { ...rest, currentIndex: index } });
    },
  } satisfies SubsonicMethodGroup['methods'];
}
