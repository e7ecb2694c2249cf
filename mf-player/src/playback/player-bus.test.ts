import { describe, expect, it, vi } from 'vitest';
import { getEventBus, type PlayerCommand, type PlayerState } from '@tunafy/event-bus';
import { EMPTY_QUEUE, addToQueue, next, playList, setShuffle } from '../queue/queue';
import { catalogItem, hexId } from '../test/fakes';
import { STOPPED_STATE, StatePublisher, runCommand, type CommandTarget } from './player-bus';

const listOf = (count: number) => playList(EMPTY_QUEUE, Array.from({ length: count }, (_, i) => catalogItem(i + 1)), 0, 'album:a', 1);

function published() {
  const bus = getEventBus();
  const states: PlayerState[] = [];
  bus.on('player:state').subscribe((state) => states.push(state));
  return { publisher: new StatePublisher(bus), states, bus };
}

describe('runCommand', () => {
  it('routes every command of the contract to the player, with its arguments', () => {
    const player = {
      playList: vi.fn(),
      toggle: vi.fn(),
      play: vi.fn(),
      pause: vi.fn(),
      next: vi.fn(),
      previous: vi.fn(),
      seek: vi.fn(),
      playNext: vi.fn(),
      addToQueue: vi.fn(),
      queueSongs: vi.fn(),
    } satisfies CommandTarget;
    const commands: PlayerCommand[] = [
      { type: 'play-list', songs: [catalogItem(1)], index: 0, source: 's' },
      { type: 'toggle' },
      { type: 'play' },
      { type: 'pause' },
      { type: 'next' },
      { type: 'previous' },
      { type: 'seek', seconds: 12 },
      { type: 'play-next', song: catalogItem(2) },
      { type: 'add-to-queue', song: catalogItem(3) },
      { type: 'queue-songs', songs: [catalogItem(4)], at: 'end' },
    ];
    commands.forEach((command) => runCommand(command, player));
    expect(player.playList).toHaveBeenCalledExactlyOnceWith([catalogItem(1)], 0, 's');
    expect(player.seek).toHaveBeenCalledExactlyOnceWith(12);
    expect(player.playNext).toHaveBeenCalledExactlyOnceWith(catalogItem(2));
    expect(player.addToQueue).toHaveBeenCalledExactlyOnceWith(catalogItem(3));
    expect(player.queueSongs).toHaveBeenCalledExactlyOnceWith([catalogItem(4)], 'end');
    for (const method of [player.toggle, player.play, player.pause, player.next, player.previous]) expect(method).toHaveBeenCalledOnce();
  });

  it('ignores a command type it does not know (a newer sender)', () => {
    const player = { playList: vi.fn() } as unknown as CommandTarget;
    expect(() => runCommand({ type: 'shuffle-all' } as unknown as PlayerCommand, player)).not.toThrow();
  });
});

describe('StatePublisher', () => {
  it('publishes the queue, the current song, the intent and the source', () => {
    const { publisher, states } = published();
    publisher.publish(next(listOf(3)), true, 12.34);
    expect(states).toHaveLength(1);
    expect(states[0]).toMatchObject({ index: 1, playing: true, position: 12.3, source: 'album:a', current: { id: hexId(2) } });
    expect(states[0].queue.map((song) => song.id)).toEqual([hexId(1), hexId(2), hexId(3)]);
  });

  it('publishes again only when something it says changed', () => {
    const { publisher, states } = published();
    const queue = listOf(2);
    publisher.publish(queue, true, 1);
    publisher.publish(queue, true, 1.02);
    publisher.publish({ ...queue }, true, 1.04);
    expect(states).toHaveLength(1);
    publisher.publish(queue, true, 2);
    publisher.publish(queue, false, 2);
    publisher.publish(addToQueue(queue, catalogItem(9)), false, 2);
    expect(states).toHaveLength(4);
  });

  it('keeps the same queue array while the entries stay the same', () => {
    const { publisher, states } = published();
    const queue = listOf(2);
    publisher.publish(queue, true, 1);
    publisher.publish(queue, false, 1);
    expect(states[1].queue).toBe(states[0].queue);
    publisher.publish(setShuffle(queue, true, 1), false, 1);
    expect(states[2].queue).not.toBe(states[0].queue);
  });

  it('publishes the stopped state, which late subscribers get replayed, and publishes a player that comes back', () => {
    const { publisher, states, bus } = published();
    publisher.publish(listOf(2), true, 0);
    publisher.publishStopped();
    expect(bus.last('player:state')).toEqual(STOPPED_STATE);
    publisher.publish(EMPTY_QUEUE, false, 0);
    expect(states).toHaveLength(3);
  });
});
