import type { HistoryPlay } from '@tunafy/contracts';

export interface HistoryDay {
  /** The local calendar day, YYYY-MM-DD. */
  key: string;
  label: string;
  plays: HistoryPlay[];
}

const localKey = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Plays (newest first) grouped by the listener's own calendar day: "Today", "Yesterday", then the date. */
export function groupByDay(plays: readonly HistoryPlay[], now = new Date()): HistoryDay[] {
  const today = localKey(now);
  const yesterday = localKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const days: HistoryDay[] = [];
  for (const play of plays) {
    const at = new Date(play.played_at);
    const key = localKey(at);
    let day = days.at(-1);
    if (!day || day.key !== key) {
      const label = key === today ? 'Today' : key === yesterday ? 'Yesterday' : at.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
      days.push((day = { key, label, plays: [] }));
    }
    day.plays.push(play);
  }
  return days;
}
