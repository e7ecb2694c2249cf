import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANN, album } from '../test/fixtures';
import { serveGets, stubApiClient, type FakeApi } from '../test/fake-api';
import { publishSession } from '../test/render';
import { albumPath } from '../features/shared/albums-api';
import { takeArrived } from '../lib/use-api';
import { prefetchItem } from './item-route';

const ALBUM_ROUTE = /^\/albums\/([^/]+)\/?$/;
const NIGHT = album({ album_name: 'Night Drive', album_cover_url: '/api/files/65a1f0c2b3d4e5f6a7b8c9e1' });
let api: FakeApi;

beforeEach(() => {
  api = stubApiClient();
  serveGets(api, { [albumPath(NIGHT.id)]: NIGHT });
});

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  window.history.replaceState(null, '', '/');
});

const prefetchAlbum = () => prefetchItem<typeof NIGHT>(ALBUM_ROUTE, albumPath, (item) => item.album_cover_url);

describe('prefetchItem (a detail page as the first screen)', () => {
  it("asks for the address's item once the session is a user's, so the first render has it, and preloads its hero cover", async () => {
    window.history.replaceState(null, '', `/albums/${NIGHT.id}`);
    const done = prefetchAlbum();
    expect(api.get).not.toHaveBeenCalled();
    publishSession(ANN);
    await done;
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.get.mock.calls[0]![0]).toBe(albumPath(NIGHT.id));
    expect(takeArrived(albumPath(NIGHT.id))).toMatchObject({ album_name: 'Night Drive' });
    const [cover, ...others] = document.head.querySelectorAll('link[rel="preload"][as="image"]');
    expect(others).toHaveLength(0);
    expect(cover).toHaveAttribute('imagesrcset', expect.stringContaining('/api/files/65a1f0c2b3d4e5f6a7b8c9e1?size=300 300w'));
    expect(cover).toHaveAttribute('imagesizes', '(max-width: 767px) 176px, 232px');
  });

  it('asks for nothing for a guest (the page shows the log-in prompt; a 401 would be logged)', async () => {
    window.history.replaceState(null, '', `/albums/${NIGHT.id}`);
    const done = prefetchAlbum();
    publishSession(null);
    await done;
    expect(api.get).not.toHaveBeenCalled();
  });

  it('asks for nothing on another address, without waiting for the session', async () => {
    window.history.replaceState(null, '', `/albums/${NIGHT.id}/update`);
    await prefetchAlbum();
    expect(api.get).not.toHaveBeenCalled();
  });
});
