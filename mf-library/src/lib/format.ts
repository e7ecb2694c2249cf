/** Durations arrive in seconds read from the mp3 (fractional); the UI shows whole seconds. */
function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
}

/** m:ss with zero-padded seconds (SPEC §9): 65 → "1:05", 7.04 → "0:07". */
export function formatDuration(seconds: number): string {
  const total = wholeSeconds(seconds);
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

/** A list's total length in minutes and seconds: "3 min 25 sec". */
export function formatTotalLength(durations: readonly number[]): string {
  const total = wholeSeconds(durations.reduce((sum, seconds) => sum + (Number.isFinite(seconds) ? seconds : 0), 0));
  return `${Math.floor(total / 60)} min ${total % 60} sec`;
}

/**
 * A count with thousands separators, as `toLocaleString('en-US')` writes it ("100,000"). Not Intl: a page's first
 * Intl call sets up ICU's number formatting, 15-18 ms of main thread measured inside the render that shows /songs'
 * first rows (a CPU profile of the production build), for a header that needs only commas.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return String(count);
  const digits = String(Math.abs(count));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 ? `-${grouped}` : grouped;
}

/** "1 album" / "1,200 albums": a count and its noun, singular for one. */
export function formatCountOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "1 song" / "N songs". */
export function formatSongCount(count: number): string {
  return formatCountOf(count, 'song', 'songs');
}

/** Spoken form of a duration for screen readers ("1 minute 5 seconds"). */
export function describeDuration(seconds: number): string {
  const total = wholeSeconds(seconds);
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  const parts = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  parts.push(`${rest} ${rest === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}
