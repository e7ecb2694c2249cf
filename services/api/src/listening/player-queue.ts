export interface ResumedQueue {
  /** The song ids that still exist, in order. */
  queue: string[];
  index: number;
  /** False when the song that was playing is gone, so its position means nothing any more. */
  currentKept: boolean;
}

/**
 * Drops songs deleted since the queue was saved. The index keeps pointing at
 * the same song; if that song is gone, at the one that followed it, else at the
 * last one left (0 when none is).
 */
export function resumeQueue(queue: readonly string[], exists: (songId: string) => boolean, index: number): ResumedQueue {
  const kept: string[] = [];
  let resumedIndex = -1;
  let currentKept = false;
  queue.forEach((songId, position) => {
    if (!exists(songId)) return;
    if (position === index) {
      resumedIndex = kept.length;
      currentKept = true;
    } else if (position > index && resumedIndex < 0) {
      resumedIndex = kept.length;
    }
    kept.push(songId);
  });
  if (resumedIndex < 0) resumedIndex = Math.max(0, kept.length - 1);
  return { queue: kept, index: resumedIndex, currentKept };
}
