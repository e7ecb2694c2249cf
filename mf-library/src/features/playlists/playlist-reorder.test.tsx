import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlaylistSong, Song } from '@tunafy/contracts';
import PlaylistDetailPage from '../../app/playlist-detail-page';
import { TRACK_ROW_HEIGHT } from '../../components/track-list';
import { ANN, BOB, playlist, song } from '../../test/fixtures';
import { apiError, deferred, pagedAnswer, serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { publishSession, renderAt } from '../../test/render';

let api: FakeApi;
const MIX = playlist({ playlist_name: 'Mix', creator_id: ANN.id });
const SONGS = ['Blue Hour', 'Lone Pine', 'Red Sky', 'Last Light'].map((name) => song({ song_name: name }));
const [BLUE, PINE, RED, LAST] = SONGS as [Song, Song, Song, Song];

function entry(item: Song): PlaylistSong {
  return { id: `e${item.id.slice(1)}`, playlist_id: MIX.id, song_id: item.id, added_at: '2026-11-01T00:00:00.000Z', song: item };
}

/**
 * jsdom lays nothing out, and dnd-kit finds the row a dragged song is over by the rows' rectangles: give each
 * row's elements the rectangle of a row at its place, as a browser would.
 */
function layRowsOut() {
  const rect = (top: number, height: number, width: number) => ({ x: 0, y: top, top, left: 0, right: width, bottom: top + height, width, height, toJSON: () => ({}) }) as DOMRect;
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const row = this.closest('[data-index]');
    if (row) return rect(100 + Number(row.getAttribute('data-index')) * TRACK_ROW_HEIGHT, TRACK_ROW_HEIGHT, 800);
    // The dragged song's overlay: fixed at its inline top, moved by its transform.
    const style = this.closest<HTMLElement>('[style*="position: fixed"]')?.style;
    if (style) {
      const moved = /translate3d\((-?[\d.]+)px, (-?[\d.]+)px/.exec(style.transform);
      return rect(parseFloat(style.top) + (moved ? parseFloat(moved[2]!) : 0), parseFloat(style.height), parseFloat(style.width));
    }
    return rect(0, 0, 0);
  });
}

let order: Song[];

function renderPage(viewer = ANN) {
  order = [...SONGS];
  serveGets(api, {
    [`/api/playlists/${MIX.id}`]: () => ({ ...MIX, song_count: order.length, total_duration: 0 }),
    [`/api/playlists/${MIX.id}/songs`]: pagedAnswer(() => order.map(entry), (page) => ({ playlist_songs: page })),
  });
  renderAt(`/playlists/${MIX.id}`, { '/playlists/:playlistId': <PlaylistDetailPage /> });
  publishSession(viewer);
}

const shownOrder = () =>
  within(screen.getByRole('grid', { name: 'Songs of Mix' }))
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/songs/'))
    .map((link) => link.textContent);

/** What dnd-kit's live region last said (screen readers read it out). */
const announced = () => screen.getAllByRole('status').map((region) => region.textContent).join(' ');

beforeEach(() => {
  api = stubApiClient();
  layRowsOut();
  // The drop moves focus on the next frame.
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Picks the song up with Space on its handle, moves it with the arrows and drops it with Space. */
async function moveByKeyboard(name: string, steps: number) {
  const handle = await screen.findByRole('button', { name: `Move ${name}` }, { timeout: 5000 });
  handle.focus();
  await userEvent.keyboard('[Space]');
  await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
  expect(announced()).toContain(`Picked up ${name}`);
  for (let step = 0; step < Math.abs(steps); step++) await userEvent.keyboard(steps > 0 ? '[ArrowDown]' : '[ArrowUp]');
  await userEvent.keyboard('[Space]');
}

// Rendering the whole page in jsdom takes seconds on a busy machine.
describe('reordering a playlist by keyboard', { timeout: 30_000 }, () => {
  it('moves a song down with Space, arrows and Space: shown at once, sent as one move naming its new neighbour, announced', async () => {
    renderPage();
    const sent = deferred<unknown>();
    api.put.mockReturnValue(sent.promise);
    await screen.findByRole('button', { name: 'Move Blue Hour' }, { timeout: 5000 });
    // The handle tells screen reader users how to use it.
    expect(screen.getByRole('button', { name: 'Move Blue Hour' })).toHaveAccessibleDescription(/press Space or Enter to pick it up/);

    await moveByKeyboard('Blue Hour', 2);
    expect(shownOrder()).toEqual(['Lone Pine', 'Red Sky', 'Blue Hour', 'Last Light']);
    expect(api.put).toHaveBeenCalledTimes(1);
    expect(api.put).toHaveBeenCalledWith(`/api/playlists/${MIX.id}/songs/order`, { json: { song_id: BLUE.id, after_song_id: RED.id } });
    await waitFor(() => expect(announced()).toContain('Blue Hour moved to position 3 of 4, after Red Sky.'));
    // Focus follows the song to its new row.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Blue Hour' })));

    // The server takes it; the list reads its rows again and shows the server's order.
    order = [PINE, RED, BLUE, LAST];
    await act(async () => sent.resolve({ song_id: BLUE.id, index: 2, total: 4, after_song_id: RED.id, before_song_id: LAST.id }));
    await waitFor(() => expect(api.get.mock.calls.filter(([path]) => path.includes('/songs?')).length).toBeGreaterThan(1));
    expect(shownOrder()).toEqual(['Lone Pine', 'Red Sky', 'Blue Hour', 'Last Light']);
  });

  it('moves a song up before the song it lands on', async () => {
    renderPage();
    api.put.mockResolvedValue({});
    await moveByKeyboard('Last Light', -3);
    expect(shownOrder()).toEqual(['Last Light', 'Blue Hour', 'Lone Pine', 'Red Sky']);
    expect(api.put).toHaveBeenCalledWith(`/api/playlists/${MIX.id}/songs/order`, { json: { song_id: LAST.id, before_song_id: BLUE.id } });
  });

  it('changes nothing when Escape cancels the move', async () => {
    renderPage();
    const handle = await screen.findByRole('button', { name: 'Move Lone Pine' }, { timeout: 5000 });
    handle.focus();
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowDown]');
    await userEvent.keyboard('[Escape]');
    await waitFor(() => expect(announced()).toContain('Moving cancelled. Lone Pine stays at position 2 of 4.'));
    expect(shownOrder()).toEqual(['Blue Hour', 'Lone Pine', 'Red Sky', 'Last Light']);
    expect(api.put).not.toHaveBeenCalled();
  });

  it('puts the song back and says why when the server refuses the move', async () => {
    renderPage();
    const sent = deferred<unknown>();
    api.put.mockReturnValue(sent.promise);
    await moveByKeyboard('Blue Hour', 1);
    expect(shownOrder()).toEqual(['Lone Pine', 'Blue Hour', 'Red Sky', 'Last Light']);
    await act(async () => sent.reject(apiError(409, undefined, 'The song it was to be placed next to is no longer in this playlist.')));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't move “Blue Hour”: the playlist was changed elsewhere. Its order has been reloaded; try again.");
    expect(shownOrder()).toEqual(['Blue Hour', 'Lone Pine', 'Red Sky', 'Last Light']);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no handles to anyone but the creator', async () => {
    renderPage(BOB);
    await screen.findByRole('grid', { name: 'Songs of Mix' }, { timeout: 5000 });
    await waitFor(() => expect(shownOrder()).toHaveLength(4), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
  });
});
