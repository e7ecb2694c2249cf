import { PLAY_COUNT_SECONDS } from './constants';
import type { ListeningApi } from './listening-api';

/**
 * Position steps longer than this are not listening: a throttled timer, a
 * seek we did not hear about. timeupdate fires about every 250 ms.
 */
const MAX_STEP_SECONDS = 2.5;

/**
 * Decides when a listen counts as a play: after PLAY_COUNT_SECONDS of
 * accumulated listening (seeking ahead does not add up) or when the song ends,
 * whichever comes first, and only once per listen. A listen starts when a
 * track starts and again each time a looping track starts over.
 */
export class PlayCounter {
  private songId: string | null = null;
  private heard = 0;
  private last: number | null = null;
  private counted = false;

  constructor(private readonly report: (songId: string) => void) {}

  start(songId: string | null): void {
    this.songId = songId;
    this.heard = 0;
    this.last = null;
    this.counted = false;
  }

  /** The audio's position while playing; small forward steps are listening time. */
  progress(position: number): void {
    if (this.last !== null) {
      const step = position - this.last;
      if (step > 0 && step <= MAX_STEP_SECONDS) this.heard += step;
    }
    this.last = position;
    if (this.heard >= PLAY_COUNT_SECONDS) this.count();
  }

  /** A seek or a pause: the next position starts a new step instead of completing this one. */
  interrupted(): void {
    this.last = null;
  }

  ended(): void {
    this.count();
  }

  get listenedSeconds(): number {
    return this.heard;
  }

  private count(): void {
    if (this.counted || !this.songId) return;
    this.counted = true;
    this.report(this.songId);
  }
}

/**
 * The player's counter: a counted listen goes to the API with where it was played from (`source`: the queue's). A
 * failed report is only logged: playback must not wait for it or stop over it.
 */
export function playCounterFor(api: Pick<ListeningApi, 'recordPlay'>, source: () => string | null = () => null): PlayCounter {
  return new PlayCounter((songId) => {
    api.recordPlay(songId, source() ?? undefined).catch((error: unknown) => console.warn('[mf-player] could not count a play', error));
  });
}
