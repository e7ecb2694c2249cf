import { describe, expect, it } from 'vitest';
import { moveTarget, sourceIndex, type PendingMove } from './pending-moves';

const shown = (length: number, moves: PendingMove[]) => Array.from({ length }, (_, index) => 'abcdef'[sourceIndex(index, moves)]);

describe('pending moves', () => {
  it('shows a song moved down or up at its new place, the rows between shifted by one', () => {
    expect(shown(6, [])).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(shown(6, [{ songId: 'b', from: 1, to: 4 }])).toEqual(['a', 'c', 'd', 'e', 'b', 'f']);
    expect(shown(6, [{ songId: 'e', from: 4, to: 0 }])).toEqual(['e', 'a', 'b', 'c', 'd', 'f']);
  });

  it('applies chained moves in order', () => {
    const moves = [
      { songId: 'b', from: 1, to: 4 },
      // In the order after the first move: 'f' goes to the top.
      { songId: 'f', from: 5, to: 0 },
      { songId: 'b', from: 5, to: 1 },
    ];
    expect(shown(6, moves)).toEqual(['f', 'b', 'a', 'c', 'd', 'e']);
  });

  it('names the dropped-on song as the neighbour on the side the song arrives from', () => {
    expect(moveTarget(1, 4, 'e')).toEqual({ after_song_id: 'e' });
    expect(moveTarget(4, 0, 'a')).toEqual({ before_song_id: 'a' });
  });
});
