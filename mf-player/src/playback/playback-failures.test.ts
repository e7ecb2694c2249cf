import { describe, expect, it } from 'vitest';
import { catalogItem } from '../test/fakes';
import { FailureStreak } from './playback-failures';

describe('FailureStreak', () => {
  it('skips until every song of the queue failed in a row, then gives up once and starts over', () => {
    const streak = new FailureStreak();
    expect(streak.failed(catalogItem(1), 3)).toEqual({ hopeless: false, message: `Couldn't play "Song 1". Skipping to the next song.` });
    expect(streak.failed(catalogItem(2), 3).hopeless).toBe(false);
    expect(streak.failed(catalogItem(3), 3)).toEqual({ hopeless: true, message: `Couldn't play "Song 3". None of the songs in the queue could be played.` });
    expect(streak.failed(catalogItem(1), 3).hopeless).toBe(false);
  });

  it('a song that plays in between breaks the streak', () => {
    const streak = new FailureStreak();
    streak.failed(catalogItem(1), 2);
    streak.reset();
    expect(streak.failed(catalogItem(2), 2).hopeless).toBe(false);
    expect(streak.failed(catalogItem(1), 2).hopeless).toBe(true);
  });

  it('a one-song queue gives up at its first failure', () => {
    expect(new FailureStreak().failed(catalogItem(1), 1).hopeless).toBe(true);
  });
});
