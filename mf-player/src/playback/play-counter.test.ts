import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fakes';
import { PlayCounter, playCounterFor } from './play-counter';

function counter() {
  const report = vi.fn<(songId: string) => void>();
  return { counter: new PlayCounter(report), report };
}

/** A stretch of a song, from and to (s). */
type Seconds = [from: number, to: number];

/** Plays from `from` to `to` seconds in 0.25 s steps, as timeupdate reports it. */
function listen(target: PlayCounter, from: number, to: number) {
  for (let t = from; t <= to + 1e-9; t += 0.25) target.progress(t);
}

describe('PlayCounter', () => {
  it('counts once 30 s have been heard', () => {
    const { counter: c, report } = counter();
    c.start('a');
    listen(c, 0, 29.75);
    expect(report).not.toHaveBeenCalled();
    listen(c, 30, 31);
    expect(report).toHaveBeenCalledExactlyOnceWith('a');
  });

  // Heard before an interruption (a seek, a pause), then after it: not yet 30 s; then enough more to pass 30 s.
  it.each<{ name: string; before: Seconds; after: Seconds; more: Seconds }>([
    { name: 'counts listening time, not position: a seek past 30 s is not a play', before: [0, 5], after: [60, 70], more: [70.25, 86] },
    { name: 'adds up listening around pauses and backward seeks', before: [0, 20], after: [0, 9], more: [9.25, 10.5] },
  ])('$name', ({ before, after, more }) => {
    const { counter: c, report } = counter();
    c.start('a');
    listen(c, ...before);
    c.interrupted();
    listen(c, ...after);
    expect(report).not.toHaveBeenCalled();
    listen(c, ...more);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('ignores big jumps even when nobody said it was a seek', () => {
    const { counter: c, report } = counter();
    c.start('a');
    c.progress(0);
    c.progress(100);
    expect(c.listenedSeconds).toBe(0);
    expect(report).not.toHaveBeenCalled();
  });

  it('counts a song that ends before 30 s, once', () => {
    const { counter: c, report } = counter();
    c.start('short');
    listen(c, 0, 12);
    c.ended();
    c.ended();
    expect(report).toHaveBeenCalledExactlyOnceWith('short');
  });

  it('does not count twice when a counted song then ends', () => {
    const { counter: c, report } = counter();
    c.start('a');
    listen(c, 0, 40);
    c.ended();
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('starts a new listen for the next song or a loop', () => {
    const { counter: c, report } = counter();
    c.start('a');
    c.ended();
    c.start('a');
    listen(c, 0, 31);
    c.start('b');
    c.ended();
    expect(report.mock.calls).toEqual([['a'], ['a'], ['b']]);
  });

  it('never reports without a song', () => {
    const { counter: c, report } = counter();
    c.ended();
    c.start(null);
    listen(c, 0, 40);
    expect(report).not.toHaveBeenCalled();
  });
});

describe('playCounterFor', () => {
  it('reports a counted listen to the API', () => {
    const api = fakeApi();
    const c = playCounterFor(api);
    c.start('a');
    c.ended();
    expect(api.recordPlay).toHaveBeenCalledExactlyOnceWith('a', undefined);
  });

  it('says where the song was played from: the queue source when it counted', () => {
    const api = fakeApi();
    let source: string | null = 'album:x';
    const c = playCounterFor(api, () => source);
    c.start('a');
    source = 'playlist:y';
    c.ended();
    expect(api.recordPlay).toHaveBeenCalledExactlyOnceWith('a', 'playlist:y');
  });

  it('only logs a report the API refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi();
    api.recordPlay.mockRejectedValue(new Error('offline'));
    const c = playCounterFor(api);
    c.start('a');
    expect(() => c.ended()).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('[mf-player] could not count a play', expect.any(Error)));
  });
});
