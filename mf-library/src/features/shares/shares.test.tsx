import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatedShare, Share } from '@tunafy/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, serveGets, stubApiClient, type FakeApi } from '../../test/fake-api';
import { recordBus, renderAt } from '../../test/render';
import { describeShare, SharedLinksView } from './shared-links-view';
import { expiresAtFor } from './api';
import { ShareDialog } from './share-dialog';

let api: FakeApi;

const SHARE: Share = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  kind: 'album',
  item_id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  item_name: 'Blue Train',
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: null,
  opens: 3,
  state: 'active',
};
const CREATED: CreatedShare = { ...SHARE, token: 'Abcdefghijklmnopqrstuv', url: 'http://tunafy.test/s/Abcdefghijklmnopqrstuv', embed_url: 'http://tunafy.test/embed/Abcdefghijklmnopqrstuv' };

beforeEach(() => {
  api = stubApiClient();
});

describe('ShareDialog', () => {
  it('makes the link with the chosen expiry, copies it and shows it', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const notices = recordBus('ui:notify');
    api.post.mockResolvedValueOnce(CREATED);
    const before = Date.now();
    renderAt('/albums/x', { '/albums/x': <ShareDialog target={{ kind: 'album', id: SHARE.item_id, name: 'Blue Train' }} onClose={() => undefined} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Share Blue Train' });
    expect(dialog).toHaveTextContent('Anyone with the link can listen to this album without an account.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Expires in 7 days' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));

    expect(await within(dialog).findByRole('textbox', { name: 'Link' })).toHaveValue(CREATED.url);
    const [path, options] = api.post.mock.calls[0]!;
    expect(path).toBe('/api/shares');
    const body = (options as { json?: unknown } | undefined)?.json as { kind: string; id: string; expires_at: string };
    expect(body).toMatchObject({ kind: 'album', id: SHARE.item_id });
    const days = (Date.parse(body.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(writeText).toHaveBeenCalledWith(CREATED.url);
    expect(notices).toEqual([{ kind: 'info', message: 'Link copied to the clipboard' }]);
    expect(within(dialog).getByRole('button', { name: 'Copy share link' })).toBeInTheDocument();
  });

  it('never expires by default, and keeps the API’s refusal in view', async () => {
    api.post.mockRejectedValueOnce(apiError(403, undefined, 'Private playlists cannot be shared. Make the playlist public first.'));
    renderAt('/p', { '/p': <ShareDialog target={{ kind: 'playlist', id: SHARE.item_id, name: 'Mine' }} onClose={() => undefined} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Share Mine' });
    expect(within(dialog).getByRole('radio', { name: 'Never expires' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Private playlists cannot be shared. Make the playlist public first.');
    expect(((api.post.mock.calls[0]![1] as { json?: unknown } | undefined)?.json as { expires_at: unknown }).expires_at).toBeNull();
  });
});

describe('SharedLinksView', () => {
  it('lists the links with what they are, and revokes one after asking', async () => {
    const second: Share = { ...SHARE, id: 'cccccccccccccccccccccccc', kind: 'playlist', item_name: 'Road Trip', state: 'private', opens: 1 };
    serveGets(api, { '/api/me/shares?limit=50': { shares: [SHARE, second], next_cursor: null, total: 2 } });
    api.delete.mockResolvedValueOnce({ id: SHARE.id, deleted: true });
    const notices = recordBus('ui:notify');
    renderAt('/settings/shares', { '/settings/shares': <SharedLinksView /> });
    const list = await screen.findByRole('list', { name: 'Shared links' });
    expect(within(list).getByRole('link', { name: 'Blue Train' })).toHaveAttribute('href', `/albums/${SHARE.item_id}`);
    expect(within(list).getByRole('link', { name: 'Road Trip' })).toHaveAttribute('href', `/playlists/${SHARE.item_id}`);
    expect(list).toHaveTextContent('Not playing while the playlist is private');

    await userEvent.click(within(list).getByRole('button', { name: 'Revoke the link to Blue Train' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke link' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(api.delete).toHaveBeenCalledWith(`/api/shares/${SHARE.id}`);
    await vi.waitFor(() => expect(within(list).queryByRole('link', { name: 'Blue Train' })).not.toBeInTheDocument());
    expect(notices).toEqual([{ kind: 'info', message: 'Link revoked' }]);
  });

  it('says how to make a link when there is none', async () => {
    serveGets(api, { '/api/me/shares?limit=50': { shares: [], next_cursor: null, total: 0 } });
    renderAt('/settings/shares', { '/settings/shares': <SharedLinksView /> });
    expect(await screen.findByText('No shared links yet')).toBeInTheDocument();
  });
});

describe('share wording', () => {
  it('describes a share’s expiry, opens and state', () => {
    expect(describeShare(SHARE)).toMatch(/^Album · Created .+ · Never expires · 3 opens$/);
    expect(describeShare({ ...SHARE, state: 'expired', expires_at: '2026-11-21T10:00:00.000Z', opens: 1 })).toMatch(/^Album · Created .+ · Expired .+ · 1 open$/);
  });

  it('turns a choice of days into an ISO expiry', () => {
    expect(expiresAtFor(null)).toBeNull();
    expect(expiresAtFor(1, Date.UTC(2026, 0, 1))).toBe('2026-01-02T00:00:00.000Z');
  });
});
