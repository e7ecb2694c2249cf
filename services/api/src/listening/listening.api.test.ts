import { ObjectId } from 'mongodb';
import type { Song } from '@tunafy/contracts';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser } from '../test/api-client.js';
import { createSong, form, announceDirectWrite, eventually } from '../test/fixtures.js';
import { apiSuite, ISO_DATE, type TestUser as User } from '../test/suite.js';

const apiUrl = inject('apiUrl');

// Shared songs: encoding mp3s is the slow part of these tests.
const { db, artist, songs: [song, otherSong, thirdSong] } = await apiSuite({ songs: ['Played Tune', 'Other Tune', 'Third Tune'] });

async function songPlays(songId: string): Promise<number> {
  const doc = await db.collection('songs').findOne({ _id: new ObjectId(songId) });
  return (doc?.plays as number | undefined) ?? 0;
}

function playEvents(userId: string) {
  return db.collection('plays').find({ user_id: new ObjectId(userId) }).sort({ played_at: 1 }).toArray();
}

/**
 * Moves the user's last counted play of the song 31 s into the past, as if the
 * dedupe window had gone by. A trim may already have deleted an expired mark.
 */
async function letWindowPass(userId: string, songId: string): Promise<void> {
  await db.collection<{ _id: string }>('play_marks').updateOne({ _id: `${userId}:${songId}` }, { $set: { counted_at: new Date(Date.now() - 31_000) } });
}

const recentIds = async (user: User, query = '') => {
  const response = await user.get(`/api/me/recently-played${query}`);
  expect(response.status).toBe(200);
  return (response.body.songs as Song[]).map((entry) => entry.id);
};

describe('POST /api/plays', () => {
  it('counts a play: 201, one play event, the song’s counter goes up, and it shows in recently played', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const before = await songPlays(song.id);
    const response = await ann.post('/api/plays', { json: { song_id: song.id } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ counted: true });
    expect(await songPlays(song.id)).toBe(before + 1);
    const events = await playEvents(ann.user.id);
    expect(events).toEqual([{ _id: expect.any(ObjectId), user_id: new ObjectId(ann.user.id), song_id: new ObjectId(song.id), played_at: expect.any(Date) }]);
    const recent = await ann.get('/api/me/recently-played');
    expect(recent.status).toBe(200);
    expect(recent.body).toEqual({ songs: [song] });
  });

  it('does not count the same song again within 30 s, whatever the body format, but does after', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const before = await songPlays(otherSong.id);
    expect((await ann.post('/api/plays', { form: form({ song_id: otherSong.id }) })).status).toBe(201);
    for (const options of [{ json: { song_id: otherSong.id } }, { urlencoded: { song_id: otherSong.id } }, { json: { song_id: otherSong.id.toUpperCase() } }]) {
      const again = await ann.post('/api/plays', options);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ counted: false });
    }
    expect(await songPlays(otherSong.id)).toBe(before + 1);
    // Another listener's play of the same song is theirs to count.
    const bob = await newUser(apiUrl, 'bob');
    expect((await bob.post('/api/plays', { json: { song_id: otherSong.id } })).status).toBe(201);
    await letWindowPass(ann.user.id, otherSong.id);
    expect((await ann.post('/api/plays', { json: { song_id: otherSong.id } })).status).toBe(201);
    expect(await songPlays(otherSong.id)).toBe(before + 3);
    expect(await playEvents(ann.user.id)).toHaveLength(2);
  });

  it('counts exactly one of several simultaneous reports', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const before = await songPlays(thirdSong.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => ann.post('/api/plays', { json: { song_id: thirdSong.id } })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await songPlays(thirdSong.id)).toBe(before + 1);
    expect(await playEvents(ann.user.id)).toHaveLength(1);
  });

  it('refuses unknown songs (404), malformed ids and operator injection (400), counting nothing', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const unknown = await ann.post('/api/plays', { json: { song_id: new ObjectId().toHexString() } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    for (const options of [{ json: { song_id: 'abc' } }, { json: { song_id: { $ne: null } } }, { urlencoded: { 'song_id[$ne]': 'x' } }, { json: { song_id: [song.id] } }]) {
      const response = await ann.post('/api/plays', options);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.body.errors)).toEqual(['song_id']);
    }
    expect((await ann.post('/api/plays', { json: {} })).body.errors).toEqual({ song_id: 'Song is required.' });
    expect(await playEvents(ann.user.id)).toHaveLength(0);
  });

  it('refuses guests (401) and forged calls (403)', async () => {
    const guest = new ApiClient(apiUrl);
    expect((await guest.post('/api/plays', { json: { song_id: song.id } })).status).toBe(401);
    expect((await guest.get('/api/me/recently-played')).status).toBe(401);
    const ann = await newUser(apiUrl, 'ann');
    const forged = await ann.post('/api/plays', { json: { song_id: song.id }, withoutCsrf: true });
    expect(forged.status).toBe(403);
    expect(await playEvents(ann.user.id)).toHaveLength(0);
  });
});

describe('history bound', () => {
  it('trims a long history back to the newest 500 play events, keeping the latest plays', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const userId = new ObjectId(ann.user.id);
    const longAgo = Date.now() - 86_400_000;
    await db.collection('plays').insertMany(
      Array.from({ length: 600 }, (_, i) => ({ user_id: userId, song_id: new ObjectId(), played_at: new Date(longAgo + i * 1000) })),
    );
    // The trim runs on every 20th counted play in the process, so 20 plays in a row include one.
    const songs = [song, otherSong, thirdSong];
    for (let i = 0; i < 20; i++) {
      const played = songs[i % songs.length]!;
      if (i >= songs.length) await letWindowPass(ann.user.id, played.id);
      expect((await ann.post('/api/plays', { json: { song_id: played.id } })).status).toBe(201);
    }
    // The trim runs after the answer; give it a moment.
    const deadline = Date.now() + 10_000;
    let count = Infinity;
    while (Date.now() < deadline && (count = await db.collection('plays').countDocuments({ user_id: userId })) > 520) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(count).toBeLessThanOrEqual(520);
    expect(await db.collection('plays').countDocuments({ user_id: userId, played_at: { $gt: new Date(Date.now() - 3_600_000) } })).toBe(20);
    expect(await recentIds(ann)).toEqual([songs[19 % 3]!.id, songs[18 % 3]!.id, songs[17 % 3]!.id]);
  });
});

describe('GET /api/me/recently-played', () => {
  it('lists distinct songs, most recent first, only the session user’s own', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    expect(await recentIds(ann)).toEqual([]);
    for (const played of [song, otherSong, thirdSong]) await ann.post('/api/plays', { json: { song_id: played.id } });
    await letWindowPass(ann.user.id, song.id);
    await ann.post('/api/plays', { json: { song_id: song.id } });
    await bob.post('/api/plays', { json: { song_id: otherSong.id } });
    expect(await recentIds(ann)).toEqual([song.id, thirdSong.id, otherSong.id]);
    expect(await recentIds(ann, '?limit=2')).toEqual([song.id, thirdSong.id]);
    expect(await recentIds(bob)).toEqual([otherSong.id]);
  });

  it('refuses a limit outside 1..50', async () => {
    const ann = await newUser(apiUrl, 'ann');
    for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?limit=1&limit=2']) {
      const response = await ann.get(`/api/me/recently-played${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys(response.body.errors)).toEqual(['limit']);
    }
    // Depending on the query parser this is an unknown key (ignored) or an object (refused); never an operator.
    expect([200, 400]).toContain((await ann.get('/api/me/recently-played?limit[$gt]=1')).status);
    expect(await recentIds(ann, '?limit=50')).toEqual([]);
  });
});

describe('PUT/GET /api/me/player-state', () => {
  it('answers 204 with no body until something is saved, then round-trips the state', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const missing = await ann.get('/api/me/player-state');
    expect(missing.status).toBe(204);
    expect(missing.raw.length).toBe(0);

    const saved = await ann.put('/api/me/player-state', { json: { queue: [song.id, otherSong.id.toUpperCase()], index: 1, position: 42.5, volume: 0.3, repeat: 'all' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ queue: [song.id, otherSong.id], index: 1, position: 42.5, volume: 0.3, shuffle: false, repeat: 'all', updated_at: expect.stringMatching(ISO_DATE) });

    const loaded = await ann.get('/api/me/player-state');
    expect(loaded.status).toBe(200);
    expect(loaded.body).toEqual({ ...saved.body, queue: [song, otherSong] });

    // Settings left out keep their saved value; the rest is replaced.
    const next = await ann.put('/api/me/player-state', { json: { queue: [thirdSong.id], index: 0, position: 0, shuffle: true } });
    expect(next.body).toEqual({ queue: [thirdSong.id], index: 0, position: 0, volume: 0.3, shuffle: true, repeat: 'all', updated_at: expect.stringMatching(ISO_DATE) });
    expect((await ann.get('/api/me/player-state')).body.queue).toEqual([thirdSong]);
    expect(await db.collection('player_states').countDocuments({ _id: new ObjectId(ann.user.id) })).toBe(1);
  });

  it('stores an empty queue', async () => {
    const ann = await newUser(apiUrl, 'ann');
    expect((await ann.put('/api/me/player-state', { json: { queue: [], index: 0, position: 0 } })).status).toBe(200);
    expect((await ann.get('/api/me/player-state')).body).toEqual(expect.objectContaining({ queue: [], index: 0, volume: 1, repeat: 'off' }));
  });

  it('refuses malformed ids, operator injection and out-of-range values, keeping the saved state', async () => {
    const ann = await newUser(apiUrl, 'ann');
    await ann.put('/api/me/player-state', { json: { queue: [song.id], index: 0, position: 5 } });
    const cases: [unknown, string][] = [
      [{ queue: [song.id, 'nope'], index: 0, position: 0 }, 'queue.1'],
      [{ queue: [{ $ne: null }], index: 0, position: 0 }, 'queue.0'],
      [{ queue: { $ne: null }, index: 0, position: 0 }, 'queue'],
      [{ queue: Array.from({ length: 501 }, () => song.id), index: 0, position: 0 }, 'queue'],
      [{ queue: [song.id], index: 1, position: 0 }, 'index'],
      [{ queue: [song.id], index: 0, position: -1 }, 'position'],
      [{ queue: [song.id], index: 0, position: 0, volume: 2 }, 'volume'],
      [{ queue: [song.id], index: 0, position: 0, repeat: 'twice' }, 'repeat'],
      [{}, 'queue'],
    ];
    for (const [body, field] of cases) {
      const response = await ann.put('/api/me/player-state', { json: body });
      expect(response.status, field).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(response.body.errors)).toContain(field);
    }
    expect((await ann.get('/api/me/player-state')).body).toEqual(expect.objectContaining({ queue: [song], position: 5 }));
  });

  it('keeps unknown song ids on save and drops them on read', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const unknown = new ObjectId().toHexString();
    const saved = await ann.put('/api/me/player-state', { json: { queue: [unknown, song.id], index: 1, position: 7 } });
    expect(saved.status).toBe(200);
    expect(saved.body.queue).toEqual([unknown, song.id]);
    expect((await ann.get('/api/me/player-state')).body).toEqual(expect.objectContaining({ queue: [song], index: 0, position: 7 }));
  });

  it('is per user: each reads and writes only their own state', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    await ann.put('/api/me/player-state', { json: { queue: [song.id], index: 0, position: 11 } });
    const bobsFirst = await bob.get('/api/me/player-state');
    expect(bobsFirst.status).toBe(204);
    expect(bobsFirst.raw.toString()).not.toContain(song.id);
    await bob.put('/api/me/player-state', { json: { queue: [otherSong.id], index: 0, position: 22 } });
    expect((await ann.get('/api/me/player-state')).body).toEqual(expect.objectContaining({ queue: [song], position: 11 }));
    expect((await bob.get('/api/me/player-state')).body).toEqual(expect.objectContaining({ queue: [otherSong], position: 22 }));
  });

  it('refuses guests with 401', async () => {
    const guest = new ApiClient(apiUrl);
    expect((await guest.get('/api/me/player-state')).status).toBe(401);
    expect((await guest.put('/api/me/player-state', { json: { queue: [], index: 0, position: 0 } })).status).toBe(401);
  });
});

describe('deleted songs', () => {
  it('drop out of the saved queue (index kept on the same song) and out of recently played', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const doomed = await createSong(ann, { song_name: 'Short-lived' });
    await ann.post('/api/plays', { json: { song_id: song.id } });
    await ann.post('/api/plays', { json: { song_id: doomed.id } });
    await ann.put('/api/me/player-state', { json: { queue: [doomed.id, song.id, doomed.id, otherSong.id], index: 3, position: 9 } });
    expect(await recentIds(ann)).toEqual([doomed.id, song.id]);

    expect((await ann.delete(`/api/songs/${doomed.id}`)).status).toBe(200);
    expect(await recentIds(ann)).toEqual([song.id]);
    expect((await ann.get('/api/me/player-state')).body).toEqual(expect.objectContaining({ queue: [song, otherSong], index: 1, position: 9 }));
  });

  it('when the current song is gone, resume at the one that followed it from the start', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const doomed = await createSong(ann, { song_name: 'Gone Now' });
    await ann.put('/api/me/player-state', { json: { queue: [song.id, doomed.id, otherSong.id], index: 1, position: 30 } });
    await db.collection('songs').deleteOne({ _id: new ObjectId(doomed.id) });
    await announceDirectWrite(db);
    // The API sees a direct write after its reload, which a loaded machine can stretch past a read's 2 s wait for it.
    const state = await eventually(() => ann.get('/api/me/player-state'), (answer) => answer.body.queue?.length === 2);
    expect(state.body).toEqual(expect.objectContaining({ queue: [song, otherSong], index: 1, position: 0 }));
  });
});

describe('OpenAPI', () => {
  it('documents the listening routes', async () => {
    const { body } = await new ApiClient(apiUrl).get('/api/docs/openapi.json');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/plays', '/api/me/recently-played', '/api/me/player-state']));
    expect(Object.keys(body.paths['/api/me/player-state'])).toEqual(expect.arrayContaining(['get', 'put']));
  });
});
