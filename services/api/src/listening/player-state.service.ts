import { Injectable } from '@nestjs/common';
import { playerStateInputSchema, type PlayerState, type SavedPlayerState, type SessionUser } from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { SongPresenter } from '../songs/song-presenter.js';
import { Clock } from './clock.js';
import { parseInput } from './parse-input.js';
import { resumeQueue } from './player-queue.js';
import { PlayerStatesRepository, type PlayerSettings, type PlayerStateRecord } from '../persistence/player-states.repository.js';

/** What a first save that leaves the settings out gets. */
export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = { volume: 1, shuffle: false, repeat: 'off' };

/**
 * "Resume anywhere": the player saves its queue and position, and any device
 * the user logs in on picks up from there. The owner is always the session
 * user; there is no way to name another user's state.
 */
@Injectable()
export class PlayerStateService {
  constructor(
    private readonly states: PlayerStatesRepository,
    private readonly catalog: CatalogReadModel,
    private readonly presenter: SongPresenter,
    private readonly clock: Clock,
  ) {}

  /**
   * Unknown song ids are stored as given: the player saves often, and checking
   * up to 500 songs on each save would cost more than dropping them on read.
   * The answer keeps the queue as ids for the same reason.
   */
  async save(user: SessionUser, body: unknown): Promise<SavedPlayerState> {
    const input = parseInput(playerStateInputSchema, body);
    const record = await this.states.save(user.id, { ...input, updatedAt: this.clock.now() }, DEFAULT_PLAYER_SETTINGS);
    return { ...settingsOf(record), queue: record.queue };
  }

  /** Null when the user never saved a player (the web answers 204, Subsonic an empty play queue). */
  async load(user: SessionUser): Promise<PlayerState | null> {
    const record = await this.states.find(user.id);
    if (!record) return null;
    const records = new Map((await this.catalog.current()).songsByIds([...new Set(record.queue)]).map((song) => [song.id, song]));
    const resumed = resumeQueue(record.queue, (songId) => records.has(songId), record.index);
    const queue = await this.presenter.present(resumed.queue.map((songId) => records.get(songId)!));
    return { ...settingsOf(record), queue, index: resumed.index, position: resumed.currentKept ? record.position : 0 };
  }
}

function settingsOf(record: PlayerStateRecord): Omit<SavedPlayerState, 'queue'> {
  return {
    index: record.index,
    position: record.position,
    volume: record.volume,
    shuffle: record.shuffle,
    repeat: record.repeat,
    updated_at: record.updatedAt.toISOString(),
  };
}
