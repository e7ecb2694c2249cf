import { expect, it } from 'vitest';
import { LISTENING_LIMITS, idSchema } from '@tunafy/contracts';
import { DEFAULT_VOLUME, JUMP_MS, LISTEN_INTERVAL_MS, PLAY_COUNT_SECONDS, PROGRESS_INTERVAL_MS, SERVER_QUEUE_MAX, SONG_ID_PATTERN, VOLUME_STEP } from './constants';

it('follows SPEC §9', () => {
  expect(DEFAULT_VOLUME).toBe(0.1);
  expect(JUMP_MS).toBe(5000);
  expect(VOLUME_STEP).toBe(0.1);
  expect(LISTEN_INTERVAL_MS).toBe(1000);
  expect(PROGRESS_INTERVAL_MS).toBe(20);
});

it('repeats the API limits exactly', () => {
  expect(PLAY_COUNT_SECONDS).toBe(LISTENING_LIMITS.playReportAfterSeconds);
  expect(SERVER_QUEUE_MAX).toBe(LISTENING_LIMITS.queueMax);
  for (const id of ['0123456789abcdef01234567', '0123456789ABCDEF01234567', 'dev-tone-1', '0123456789abcdef0123456', '']) {
    expect(SONG_ID_PATTERN.test(id)).toBe(idSchema.safeParse(id).success);
  }
});
