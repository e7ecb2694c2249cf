/**
 * A song that cannot play is skipped with a message. Counting the failures in
 * a row stops a queue where nothing plays (a dead server, files gone) from
 * skipping round and round forever.
 */
import type { QueueItem } from '@tunafy/event-bus';

export interface FailureVerdict {
  message: string;
  /** Every song in the queue failed in a row: stop instead of skipping on. */
  hopeless: boolean;
}

export class FailureStreak {
  private inARow = 0;

  /** Some audio played (or at least loaded), or the person chose what to play: a new streak starts. */
  reset(): void {
    this.inARow = 0;
  }

  failed(song: QueueItem, queueLength: number): FailureVerdict {
    this.inARow++;
    const hopeless = this.inARow >= queueLength;
    // After giving up, the next failure (the person tries again) is the first of a new streak.
    if (hopeless) this.inARow = 0;
    const message = hopeless ? `Couldn't play "${song.song_name}". None of the songs in the queue could be played.` : `Couldn't play "${song.song_name}". Skipping to the next song.`;
    return { message, hopeless };
  }
}
