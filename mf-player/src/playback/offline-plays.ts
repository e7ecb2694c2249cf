/**
 * Plays made offline (docs/offline.md): a counted listen the API could not be told about (no network, or the gateway
 * answering 502-504) is queued for this account with the time it happened, and sent with that time when the API
 * answers again: at the next start, on the browser's `online` event, and after the next play that does get through.
 */
import { flushPlays, queuePlay, type PendingPlay } from '@tunafy/offline';
import type { ListeningApi } from './listening-api';

/** No answer from the API: worth keeping the play for later (a 4xx is an answer, and a refusal). */
export function isUnreachable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return error instanceof TypeError || status === 502 || status === 503 || status === 504;
}

export class OfflinePlays {
  private flushing: Promise<number> | null = null;

  constructor(
    private readonly userId: string,
    private readonly api: Pick<ListeningApi, 'recordPlay'>,
    private readonly storage: Storage | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reports a play now; queues it when the API cannot be reached. */
  async report(songId: string, context: string | undefined): Promise<void> {
    const play: PendingPlay = { song_id: songId, ...(context ? { context } : {}), played_at: new Date(this.now()).toISOString() };
    try {
      await this.api.recordPlay(songId, context);
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      queuePlay(this.storage, this.userId, play);
      return;
    }
    void this.flush();
  }

  /** Sends the queued plays, oldest first; one flush at a time. Answers how many were sent. */
  flush(): Promise<number> {
    this.flushing ??= flushPlays(
      this.storage,
      this.userId,
      async (play) => {
        try {
          await this.api.recordPlay(play.song_id, play.context, play.played_at);
          return 'sent';
        } catch (error) {
          return isUnreachable(error) ? 'retry' : 'drop';
        }
      },
      this.now(),
    ).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }
}
