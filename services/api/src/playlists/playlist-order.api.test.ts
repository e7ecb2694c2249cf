import { ObjectId } from 'mongodb';
import { PLAYLIST_ORDER_MESSAGES, type Playlist, type PlaylistSongPlace, type PlaylistSongsResponse } from '@tunafy/contracts';
import { startApi, type RunningApi } from '@tunafy/stack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser } from '../test/api-client.js';
import { announceDirectWrite, eventually, form } from '../test/fixtures.js';
import { apiSuite } from '../test/suite.js';

const apiUrl = inject('apiUrl');
const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');

// Twelve songs any playlist here is made of (uploading is the slow part): the concurrency test adds a song the
// playlist never held in each of its four rounds.
const { db, artist: owner, songs } = await apiSuite({ artist: 'orderer', songs: Array.from({ length: 12 }, (_, index) => `Order ${index}`) });
/** Another API process on the same database: a second tab whose requests land on another replica. */
let replica: RunningApi;

beforeAll(async () => {
  replica = await startApi({ mongodbUri, env: apiEnv });
});

afterAll(async () => {
  await replica?.stop();
});

const unknownId = () => new ObjectId().toHexString();

async function playlistOf(client: ApiClient, count: number, fields: Record<string, string> = {}): Promise<{ playlist: Playlist; ids: string[] }> {
  const created = await client.post<Playlist>('/api/playlists/new', { form: form({ playlist_name: 'Ordered', ...fields }) });
  if (created.status !== 201) throw new Error(`create playlist: ${created.status}`);
  const ids = songs.slice(0, count).map((song) => song.id);
  for (const id of ids) expect((await client.put(`/api/playlists/${created.body.id}/add`, { json: { song_id: id } })).status).toBe(200);
  return { playlist: created.body, ids };
}

async function order(client: ApiClient, playlistId: string): Promise<string[]> {
  const response = await client.get<PlaylistSongsResponse>(`/api/playlists/${playlistId}/songs`);
  expect(response.status).toBe(200);
  return response.body.playlist_songs.map((entry) => entry.song_id);
}

function move(client: ApiClient, playlistId: string, body: Record<string, unknown>) {
  return client.put<PlaylistSongPlace>(`/api/playlists/${playlistId}/songs/order`, { json: body });
}

describe('PUT /api/playlists/:id/songs/order', () => {
  it('moves a song after or before another, to the top and to the end, and answers where it is now', async () => {
    const { playlist, ids } = await playlistOf(owner, 5);
    const [a, b, c, d, e] = ids as [string, string, string, string, string];

    const moved = await move(owner, playlist.id, { song_id: e, after_song_id: a });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ song_id: e, index: 1, total: 5, after_song_id: a, before_song_id: b });
    expect(await order(owner, playlist.id)).toEqual([a, e, b, c, d]);

    expect((await move(owner, playlist.id, { song_id: a, before_song_id: d })).body.index).toBe(3);
    expect((await move(owner, playlist.id, { song_id: d, after_song_id: null })).body).toMatchObject({ index: 0, after_song_id: null });
    expect((await move(owner, playlist.id, { song_id: e, before_song_id: null })).body).toMatchObject({ index: 4, before_song_id: null });
    expect(await order(owner, playlist.id)).toEqual([d, b, c, a, e]);
    // Ids in any case, as every other route takes them.
    expect((await move(owner, playlist.id, { song_id: e.toUpperCase(), after_song_id: d.toUpperCase() })).status).toBe(200);
    expect(await order(owner, playlist.id)).toEqual([d, e, b, c, a]);
  });

  it('is idempotent: the same move again answers the same place and writes nothing', async () => {
    const { playlist, ids } = await playlistOf(owner, 3);
    const [a, b, c] = ids as [string, string, string];
    const first = await move(owner, playlist.id, { song_id: c, after_song_id: a });
    const positions = async () =>
      (await db.collection('playlist_songs').find({ playlist_id: new ObjectId(playlist.id) }).toArray()).map((doc) => [String(doc.song_id), doc.position]);
    const stored = await positions();
    const again = await move(owner, playlist.id, { song_id: c, after_song_id: a });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await positions()).toEqual(stored);
    expect(await order(owner, playlist.id)).toEqual([a, c, b]);
  });

  it('keeps the order for appends (after the last song) and pages by cursor in the new order', async () => {
    const { playlist, ids } = await playlistOf(owner, 6);
    await move(owner, playlist.id, { song_id: ids[5], after_song_id: null });
    await move(owner, playlist.id, { song_id: ids[0], before_song_id: null });
    expect((await owner.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: songs[6]!.id } })).status).toBe(200);
    const expected = [ids[5], ids[1], ids[2], ids[3], ids[4], ids[0], songs[6]!.id];
    expect(await order(owner, playlist.id)).toEqual(expected);

    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = await owner.get<PlaylistSongsResponse>(`/api/playlists/${playlist.id}/songs?limit=3${query}`);
      walked.push(...page.body.playlist_songs.map((entry) => entry.song_id));
      expect(page.body.total).toBe(7);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(walked).toEqual(expected);
    const offsetPage = await owner.get<PlaylistSongsResponse>(`/api/playlists/${playlist.id}/songs?limit=2&offset=4`);
    expect(offsetPage.body.playlist_songs.map((entry) => entry.song_id)).toEqual(expected.slice(4, 6));
  });

  it('lets only the creator reorder: 403 on someone else’s public playlist, 404 on a private one, 401 for guests', async () => {
    const { playlist, ids } = await playlistOf(owner, 2);
    const { playlist: secret } = await playlistOf(owner, 2, { private: 'true' });
    const bob = await newUser(apiUrl, 'bob');
    const body = { song_id: ids[1], after_song_id: null };

    const forbidden = await move(bob, playlist.id, body);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    // Ownership is judged before the body, so a stranger learns nothing from validation messages.
    expect((await move(bob, playlist.id, { song_id: 'nope' })).status).toBe(403);
    expect((await move(bob, secret.id, body)).status).toBe(404);
    const guest = new ApiClient(apiUrl);
    expect((await move(guest, playlist.id, body)).status).toBe(401);
    expect(await order(owner, playlist.id)).toEqual(ids);
  });

  it('answers bad input with 4xx in the stable error shape', async () => {
    const { playlist, ids } = await playlistOf(owner, 3);
    const [a, b] = ids as [string, string];
    const cases: [unknown, Record<string, string>][] = [
      [{}, { song_id: 'Song is required.' }],
      [{ song_id: a }, { after_song_id: PLAYLIST_ORDER_MESSAGES.targetRequired }],
      [{ song_id: a, after_song_id: b, before_song_id: null }, { before_song_id: PLAYLIST_ORDER_MESSAGES.targetTwice }],
      [{ song_id: a, after_song_id: a }, { after_song_id: PLAYLIST_ORDER_MESSAGES.nextToItself }],
      [{ song_id: 'nope', before_song_id: null }, { song_id: 'Invalid id.' }],
      [{ song_id: a, after_song_id: { $gt: '' } }, { after_song_id: expect.any(String) }],
    ];
    for (const [body, errors] of cases) {
      const response = await move(owner, playlist.id, body as Record<string, unknown>);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String), errors });
    }
    expect((await move(owner, 'not-an-id', { song_id: a, after_song_id: null })).body).toMatchObject({ statusCode: 400, code: 'INVALID_ID' });
    expect((await move(owner, unknownId(), { song_id: a, after_song_id: null })).status).toBe(404);

    const notThere = await move(owner, playlist.id, { song_id: songs[9]!.id, after_song_id: a });
    expect(notThere.status).toBe(404);
    expect(notThere.body).toMatchObject({ code: 'NOT_FOUND', message: PLAYLIST_ORDER_MESSAGES.songNotInPlaylist });
    const anchorGone = await move(owner, playlist.id, { song_id: a, before_song_id: songs[9]!.id });
    expect(anchorGone.status).toBe(409);
    expect(anchorGone.body).toEqual({ statusCode: 409, code: 'CONFLICT', message: PLAYLIST_ORDER_MESSAGES.anchorGone, errors: { before_song_id: PLAYLIST_ORDER_MESSAGES.anchorGone } });
    expect(await order(owner, playlist.id)).toEqual(ids);
  });

  it('never loses or duplicates a song when two tabs on two replicas move, add and remove at once', async () => {
    const { playlist, ids } = await playlistOf(owner, 8);
    const tabA = owner;
    const tabB = owner.withBaseUrl(replica.url);
    const extra = songs.slice(8).map((song) => song.id);
    const expected = new Set(ids);
    for (let round = 0; round < 4; round++) {
      const current = await order(tabA, playlist.id);
      const [first, second, third] = [current[0]!, current[1]!, current[current.length - 1]!];
      const removed = current[3]!;
      // A song the playlist never held: re-adding one of an earlier round could race this round's removal of it
      // (removed is current[3]), and then whether it stays depends on which request ran first, not on the API.
      const added = extra[round]!;
      const answers = await Promise.all([
        move(tabA, playlist.id, { song_id: first, before_song_id: null }),
        move(tabB, playlist.id, { song_id: third, after_song_id: null }),
        move(tabB, playlist.id, { song_id: second, after_song_id: first }),
        tabA.delete(`/api/playlists/${playlist.id}/remove`, { json: { song_id: removed } }),
        tabB.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: added } }),
        move(tabA, playlist.id, { song_id: current[4]!, after_song_id: removed }),
      ]);
      // Moves succeed, or the last one names a neighbour removed at that moment (409); nothing else.
      for (const answer of answers.slice(0, 5)) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect([200, 409]).toContain(answers[5]!.status);
      expected.delete(removed);
      expected.add(added);

      // Polled, like the other replica (B's add reaches A through the change feed). Two CI runs that saw A without
      // B's add had re-added a song removed in the same round (see `added`): the order decided, not a lost write.
      const onA = await eventually(
        () => order(tabA, playlist.id),
        (seen) => seen.length === expected.size && seen.every((id) => expected.has(id)),
      );
      expect(new Set(onA).size).toBe(onA.length);
      expect(new Set(onA)).toEqual(expected);
      // The other replica catches up through the change feed, with the same order.
      const onB = await eventually(
        () => order(tabB, playlist.id),
        (seen) => seen.join() === onA.join(),
      );
      expect(onB).toEqual(onA);
      expect(await db.collection('playlist_songs').countDocuments({ playlist_id: new ObjectId(playlist.id) })).toBe(expected.size);
    }
  });

  it('keeps the order through a reload and in an API process started afterwards', async () => {
    const { playlist, ids } = await playlistOf(owner, 5);
    await move(owner, playlist.id, { song_id: ids[4], after_song_id: null });
    await move(owner, playlist.id, { song_id: ids[1], before_song_id: null });
    const expected = [ids[4], ids[0], ids[2], ids[3], ids[1]];
    await announceDirectWrite(db);
    expect(await order(owner, playlist.id)).toEqual(expected);
    const fresh = await startApi({ mongodbUri, env: apiEnv });
    try {
      expect(await order(owner.withBaseUrl(fresh.url), playlist.id)).toEqual(expected);
    } finally {
      await fresh.stop();
    }
  });

  it('orders entries stored without a position first, by id, and a move among them writes the moved entry alone', async () => {
    const { playlist, ids } = await playlistOf(owner, 4);
    // Entries as they were stored before playlists could be reordered (and as the seed stores them).
    await db.collection('playlist_songs').updateMany({ playlist_id: new ObjectId(playlist.id) }, { $unset: { position: '' } });
    await announceDirectWrite(db);
    const added = songs[4]!.id;
    await owner.put(`/api/playlists/${playlist.id}/add`, { json: { song_id: added } });
    expect(await order(owner, playlist.id)).toEqual([...ids, added]);

    expect((await move(owner, playlist.id, { song_id: added, after_song_id: ids[1] })).status).toBe(200);
    expect(await order(owner, playlist.id)).toEqual([ids[0], ids[1], added, ids[2], ids[3]]);
    const stored = await db.collection('playlist_songs').find({ playlist_id: new ObjectId(playlist.id) }).toArray();
    const positionOf = (songId: string) => stored.find((doc) => String(doc.song_id) === songId)?.position;
    expect([positionOf(ids[0]!), positionOf(ids[1]!), positionOf(ids[2]!), positionOf(ids[3]!)]).toEqual([undefined, undefined, undefined, undefined]);
    expect(typeof positionOf(added)).toBe('string');
    // To the top of them, and one of them to the end: still one document each.
    await move(owner, playlist.id, { song_id: ids[3], after_song_id: null });
    await move(owner, playlist.id, { song_id: ids[0], before_song_id: null });
    expect(await order(owner, playlist.id)).toEqual([ids[3], ids[1], added, ids[2], ids[0]]);
    const after = await db.collection('playlist_songs').find({ playlist_id: new ObjectId(playlist.id) }).toArray();
    expect(after.filter((doc) => doc.position === undefined).map((doc) => String(doc.song_id)).sort()).toEqual([ids[1], ids[2]].sort());
    await announceDirectWrite(db);
    expect(await order(owner, playlist.id)).toEqual([ids[3], ids[1], added, ids[2], ids[0]]);
  });
});
