import { describe, expect, it, vi } from 'vitest';
import { getEventBus } from '@tunafy/event-bus';
import { ANN, BOB } from '../../test/fixtures';
import { clearForAnotherUser, createReviewStore } from './use-review';

const picked = (name: string) => ({ file: new File(['x'], name), path: name });
// Not audio: the rows stay without hashing or a duplicate check.
const read = vi.fn(async () => ({ format: null, duration: null, tags: {}, picture: null }));

describe('review store on a shared computer', () => {
  it('keeps the rows for the same user logging in again, and clears them when another user logs in', () => {
    const bus = getEventBus();
    bus.publish('auth:session', { user: ANN });
    const store = createReviewStore(read);
    clearForAnotherUser(store);
    store.add([picked('a.flac'), picked('b.flac')]);

    bus.publish('auth:session', { user: null });
    bus.publish('auth:session', { user: ANN });
    expect(store.snapshot().rows.map((row) => row.file.name)).toEqual(['a.flac', 'b.flac']);

    bus.publish('auth:session', { user: null });
    bus.publish('auth:session', { user: BOB });
    expect(store.snapshot()).toEqual({ rows: [], reading: 0 });
  });
});
