import { expect, it } from 'vitest';
import { formatTime, spokenTime } from './format-time';

it('formats minutes:seconds with zero-padded seconds (SPEC §9)', () => {
  expect(formatTime(0)).toBe('0:00');
  expect(formatTime(5.9)).toBe('0:05');
  expect(formatTime(65)).toBe('1:05');
  expect(formatTime(260)).toBe('4:20');
  expect(formatTime(3725)).toBe('1:02:05');
});

it('shows unknown times as -:--', () => {
  expect(formatTime(NaN)).toBe('-:--');
  expect(formatTime(Infinity)).toBe('-:--');
  expect(formatTime(-1)).toBe('-:--');
});

it('spells times out for screen readers', () => {
  expect(spokenTime(65)).toBe('1 minute 5 seconds');
  expect(spokenTime(1)).toBe('1 second');
  expect(spokenTime(NaN)).toBe('unknown');
});
