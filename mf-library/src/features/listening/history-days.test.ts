import type { HistoryPlay, Song } from '@tunafy/contracts';
import { describe, expect, it } from 'vitest';
import { groupByDay } from './history-days';

const play = (id: string, at: Date): HistoryPlay => ({ id, played_at: at.toISOString(), song: { id: `s${id}` } as Song });

describe('groupByDay', () => {
  it('groups plays by the local day, newest first, naming today and yesterday', () => {
    const now = new Date(2026, 10, 28, 15, 0);
    const days = groupByDay(
      [play('1', new Date(2026, 10, 28, 9, 30)), play('2', new Date(2026, 10, 28, 0, 5)), play('3', new Date(2026, 10, 27, 23, 59)), play('4', new Date(2026, 10, 20, 12, 0))],
      now,
    );
    expect(days.map((day) => [day.key, day.label === 'Today' || day.label === 'Yesterday' ? day.label : 'date', day.plays.map((entry) => entry.id)])).toEqual([
      ['2026-11-28', 'Today', ['1', '2']],
      ['2026-11-27', 'Yesterday', ['3']],
      ['2026-11-20', 'date', ['4']],
    ]);
    expect(days[2]!.label).toContain('2026');
  });

  it('answers no days for no plays', () => {
    expect(groupByDay([])).toEqual([]);
  });
});
