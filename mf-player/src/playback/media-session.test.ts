import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogItem, fakeMediaSession, hexId, stubMediaMetadata } from '../test/fakes';
import { MediaSessionBridge, type MediaSessionControls } from './media-session';

const controls = () => ({ play: vi.fn(), pause: vi.fn(), next: vi.fn(), previous: vi.fn(), seek: vi.fn(), jump: vi.fn() }) satisfies MediaSessionControls;

beforeEach(stubMediaMetadata);
afterEach(() => vi.unstubAllGlobals());

describe('MediaSessionBridge', () => {
  it('routes the media keys and the OS overlay to the controls (5 s jumps by default)', () => {
    const media = fakeMediaSession();
    const target = controls();
    new MediaSessionBridge(media.session).attach(target);
    media.handlers.get('play')!({ action: 'play' });
    media.handlers.get('nexttrack')!({ action: 'nexttrack' });
    media.handlers.get('previoustrack')!({ action: 'previoustrack' });
    media.handlers.get('seekto')!({ action: 'seekto', seekTime: 30 });
    media.handlers.get('seekbackward')!({ action: 'seekbackward' });
    media.handlers.get('seekforward')!({ action: 'seekforward', seekOffset: 10 });
    expect(target.play).toHaveBeenCalledOnce();
    expect(target.next).toHaveBeenCalledOnce();
    expect(target.previous).toHaveBeenCalledOnce();
    expect(target.seek).toHaveBeenCalledExactlyOnceWith(30);
    expect(target.jump.mock.calls).toEqual([[-5], [10]]);
  });

  it('shows the song with its artwork as an absolute URL, and the play state', () => {
    const media = fakeMediaSession();
    const bridge = new MediaSessionBridge(media.session);
    bridge.show(catalogItem(1), true);
    expect(media.raw.metadata).toMatchObject({ title: 'Song 1', artist: 'Artist 1', album: '' });
    expect((media.raw.metadata as unknown as { artwork: { src: string }[] }).artwork[0].src).toMatch(new RegExp(`^http.*/api/files/${hexId(2001)}$`));
    expect(media.raw.playbackState).toBe('playing');
    const shown = media.raw.metadata;
    bridge.show(catalogItem(1), false);
    // The same song keeps its metadata; only the state changes.
    expect(media.raw.metadata).toBe(shown);
    expect(media.raw.playbackState).toBe('paused');
    bridge.show({ ...catalogItem(2), artists: [{ id: 'ar1', name: 'Björk' }, { id: 'ar2', name: 'Thom Yorke' }] }, true);
    // The lock screen names a tagged song's credited artists, as the library does.
    expect(media.raw.metadata).toMatchObject({ artist: 'Björk, Thom Yorke' });
    bridge.show(null, false);
    expect(media.raw.metadata).toBeNull();
    expect(media.raw.playbackState).toBe('none');
  });

  it('reports the position only with a known duration, kept inside it', () => {
    const media = fakeMediaSession();
    const bridge = new MediaSessionBridge(media.session);
    bridge.position(10, NaN);
    expect(media.raw.setPositionState).not.toHaveBeenCalled();
    bridge.position(130, 120);
    expect(media.raw.setPositionState).toHaveBeenCalledExactlyOnceWith({ duration: 120, position: 120, playbackRate: 1 });
  });

  it('detach clears the handlers and what it showed', () => {
    const media = fakeMediaSession();
    const bridge = new MediaSessionBridge(media.session);
    bridge.attach(controls());
    bridge.show(catalogItem(1), true);
    bridge.detach();
    expect(media.handlers.get('play')).toBeNull();
    expect(media.raw.metadata).toBeNull();
    expect(media.raw.playbackState).toBe('none');
  });

  it('does nothing in a browser without the Media Session API', () => {
    const bridge = new MediaSessionBridge(null);
    expect(() => {
      bridge.attach(controls());
      bridge.show(catalogItem(1), true);
      bridge.position(1, 2);
      bridge.detach();
    }).not.toThrow();
  });
});
