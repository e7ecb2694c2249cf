/**
 * The player's side of the event contract (packages/event-bus): commands in,
 * `player:state` out. Other remotes reach the player only through these two.
 */
import type { EventBus, PlayerCommand, PlayerState, QueueItem } from '@tunafy/event-bus';
import { currentSong, type QueueEntry, type QueueState } from '../queue/queue';

/** What a `player:command` can ask of the player. */
export interface CommandTarget {
  playList(songs: QueueItem[], index: number, source: string | null): void;
  toggle(): void;
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
  seek(seconds: number): void;
  playNext(song: QueueItem): void;
  addToQueue(song: QueueItem): void;
  queueSongs(songs: QueueItem[], at: 'next' | 'end'): void;
}

export function runCommand(command: PlayerCommand, player: CommandTarget): void {
  switch (command.type) {
    case 'play-list':
      player.playList(command.songs, command.index, command.source);
      break;
    case 'toggle':
      player.toggle();
      break;
    case 'play':
      player.play();
      break;
    case 'pause':
      player.pause();
      break;
    case 'next':
      player.next();
      break;
    case 'previous':
      player.previous();
      break;
    case 'seek':
      player.seek(command.seconds);
      break;
    case 'play-next':
      player.playNext(command.song);
      break;
    case 'add-to-queue':
      player.addToQueue(command.song);
      break;
    case 'queue-songs':
      player.queueSongs(command.songs, command.at);
      break;
  }
}

/** No player (logout, or the bar went away): list pages must stop showing "playing". */
export const STOPPED_STATE: PlayerState = { queue: [], index: 0, current: null, playing: false, position: 0, source: null };

/**
 * `player:state` whenever what it says changed, and only then: the player
 * publishes after everything it does, and subscribers (every list page's play
 * buttons) should not re-render for a repeat.
 */
export class StatePublisher {
  private last: PlayerState | null = null;
  private itemsFor: readonly QueueEntry[] | null = null;
  private items: QueueItem[] = [];

  constructor(private readonly bus: EventBus) {}

  publish(queue: QueueState, playing: boolean, position: number): void {
    const items = this.queueItems(queue.entries);
    const current = currentSong(queue);
    const rounded = Math.round(position * 10) / 10;
    const last = this.last;
    if (last && last.queue === items && last.index === queue.index && last.playing === playing && last.source === queue.source && last.current === current && last.position === rounded) return;
    const state: PlayerState = { queue: items, index: queue.index, current, playing, position: rounded, source: queue.source };
    this.last = state;
    this.bus.publish('player:state', state);
  }

  publishStopped(): void {
    this.last = STOPPED_STATE;
    this.bus.publish('player:state', STOPPED_STATE);
  }

  /** The repeat check compares the queue by reference, so its array is rebuilt only when the entries change. */
  private queueItems(entries: readonly QueueEntry[]): QueueItem[] {
    if (entries !== this.itemsFor) {
      this.itemsFor = entries;
      this.items = entries.map((entry) => entry.song);
    }
    return this.items;
  }
}
