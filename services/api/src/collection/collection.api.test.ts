import { ObjectId } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser } from '../test/api-client.js';
import { createSong, form, announceDirectWrite, eventually } from '../test/fixtures.js';
import { apiSuite, HEX_ID, ISO_DATE, type TestUser as User } from '../test/suite.js';

const apiUrl = inject('apiUrl');

const { db, artist, songs: [song, otherSong] } = await apiSuite({ songs: ['Liked Tune', 'Other Tune'] });

function likeCount(userId: string): Promise<number> {
  return db.collection('likes').countDocuments({ user_id: new ObjectId(userId) });
}

const base = (user: User) => `/api/collection/${user.user.id}`;

describe('liking a song', () => {
  it('likes once: 201 the first time, then 200 with the same record, whichever body format', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const first = await ann.post(`${base(ann)}/new`, { form: form({ song_id: song.id }) });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.stringMatching(HEX_ID), song_id: song.id });
    const urlencoded = await ann.post(`${base(ann)}/new`, { urlencoded: { song_id: song.id } });
    const json = await ann.post(`${base(ann)}/new`, { json: { song_id: song.id } });
    for (const again of [urlencoded, json]) {
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    expect(await likeCount(ann.user.id)).toBe(1);
  });

  it('keeps exactly one like when the same like races itself', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const responses = await Promise.all(Array.from({ length: 5 }, () => ann.post(`${base(ann)}/new`, { json: { song_id: song.id } })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.every((response) => response.status === 200 || response.status === 201)).toBe(true);
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
    expect(await likeCount(ann.user.id)).toBe(1);
  });

  it('refuses unknown songs, malformed ids and operator injection', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const like = (options: Parameters<ApiClient['post']>[1]) => ann.post(`${base(ann)}/new`, options);
    const unknown = await like({ json: { song_id: new ObjectId().toHexString() } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    const injection = await like({ json: { song_id: { $ne: null } } });
    expect(injection.status).toBe(400);
    expect(injection.body.code).toBe('VALIDATION_FAILED');
    expect((await like({ urlencoded: { 'song_id[$ne]': 'x' } })).status).toBe(400);
    expect((await like({ json: { song_id: 'abc' } })).status).toBe(400);
    expect((await like({ json: {} })).body.errors).toEqual({ song_id: 'Song is required.' });
    expect(await likeCount(ann.user.id)).toBe(0);
  });
});

describe('GET /api/collection/:userId/tracks', () => {
  it('answers a bare array, newest like first, each with its song', async () => {
    const ann = await newUser(apiUrl, 'ann');
    expect((await ann.get(`${base(ann)}/tracks`)).body).toEqual([]);
    const older = await ann.post(`${base(ann)}/new`, { json: { song_id: song.id } });
    const newer = await ann.post(`${base(ann)}/new`, { json: { song_id: otherSong.id } });
    const response = await ann.get(`${base(ann)}/tracks`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: newer.body.id, song_id: otherSong.id, liked_at: expect.stringMatching(ISO_DATE), song: otherSong },
      { id: older.body.id, song_id: song.id, liked_at: expect.stringMatching(ISO_DATE), song },
    ]);
  });

  it('skips likes whose song record is gone', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const doomed = await createSong(ann, { song_name: 'Doomed' });
    await ann.post(`${base(ann)}/new`, { json: { song_id: song.id } });
    await ann.post(`${base(ann)}/new`, { json: { song_id: doomed.id } });
    // What a crash midway through a song delete leaves behind: a like pointing at nothing.
    await db.collection('songs').deleteOne({ _id: new ObjectId(doomed.id) });
    await announceDirectWrite(db);
    // The API sees a direct write after its reload, which a loaded machine can stretch past a read's 2 s wait for it.
    const response = await eventually(() => ann.get(`${base(ann)}/tracks`), (answer) => answer.body.length === 1);
    expect(response.body.map((track: { song_id: string }) => track.song_id)).toEqual([song.id]);
  });

  it('drops the like when the artist deletes the song', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const doomed = await createSong(ann, { song_name: 'Short-lived' });
    await ann.post(`${base(ann)}/new`, { json: { song_id: doomed.id } });
    expect((await ann.delete(`/api/songs/${doomed.id}`)).status).toBe(200);
    expect((await ann.get(`${base(ann)}/tracks`)).body).toEqual([]);
    expect((await ann.get(`${base(ann)}/liked/${doomed.id}`)).status).toBe(404);
  });
});

describe('GET /api/collection/:userId/liked/:songId', () => {
  it('answers the like record, or 404 when the song is not liked', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const liked = await ann.post(`${base(ann)}/new`, { json: { song_id: song.id } });
    const response = await ann.get(`${base(ann)}/liked/${song.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(liked.body);
    const notLiked = await ann.get(`${base(ann)}/liked/${otherSong.id}`);
    expect(notLiked.status).toBe(404);
    expect(notLiked.body.code).toBe('NOT_FOUND');
    expect((await ann.get(`${base(ann)}/liked/nope`)).status).toBe(400);
  });
});

describe('DELETE /api/collection/:userId/delete', () => {
  it('unlikes with a form data body, and again is still 200', async () => {
    const ann = await newUser(apiUrl, 'ann');
    await ann.post(`${base(ann)}/new`, { json: { song_id: song.id } });
    const response = await ann.delete(`${base(ann)}/delete`, { form: form({ song_id: song.id }) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ song_id: song.id, liked: false });
    expect((await ann.get(`${base(ann)}/liked/${song.id}`)).status).toBe(404);
    const again = await ann.delete(`${base(ann)}/delete`, { json: { song_id: song.id } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ song_id: song.id, liked: false });
    expect(await likeCount(ann.user.id)).toBe(0);
  });

  it('removes a like the read model does not hold (another replica’s, not seen yet) by user and song', async () => {
    const ann = await newUser(apiUrl, 'ann');
    // Written behind the API's back and not announced: only the database knows it.
    await db.collection('likes').insertOne({ user_id: new ObjectId(ann.user.id), song_id: new ObjectId(song.id), liked_at: new Date() });
    expect((await ann.get(`${base(ann)}/liked/${song.id}`)).status).toBe(404);
    expect((await ann.delete(`${base(ann)}/delete`, { json: { song_id: song.id } })).status).toBe(200);
    expect(await likeCount(ann.user.id)).toBe(0);
  });

  it('accepts urlencoded bodies and refuses bad references', async () => {
    const ann = await newUser(apiUrl, 'ann');
    await ann.post(`${base(ann)}/new`, { json: { song_id: song.id } });
    expect((await ann.delete(`${base(ann)}/delete`, { json: { song_id: { $ne: null } } })).status).toBe(400);
    expect((await ann.delete(`${base(ann)}/delete`)).status).toBe(400);
    expect(await likeCount(ann.user.id)).toBe(1);
    expect((await ann.delete(`${base(ann)}/delete`, { urlencoded: { song_id: song.id } })).status).toBe(200);
    expect(await likeCount(ann.user.id)).toBe(0);
  });
});

describe('whose collection', () => {
  it('refuses every route on someone else’s collection with 403, changing and revealing nothing', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    await ann.post(`${base(ann)}/new`, { json: { song_id: song.id } });
    const attempts = [
      await bob.get(`${base(ann)}/tracks`),
      await bob.post(`${base(ann)}/new`, { json: { song_id: otherSong.id } }),
      await bob.delete(`${base(ann)}/delete`, { json: { song_id: song.id } }),
      await bob.get(`${base(ann)}/liked/${song.id}`),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
      expect(response.raw.toString()).not.toContain(song.song_name);
    }
    expect(await likeCount(ann.user.id)).toBe(1);
    expect(await likeCount(bob.user.id)).toBe(0);
  });

  it('refuses guests with 401', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const guest = new ApiClient(apiUrl);
    expect((await guest.get(`${base(ann)}/tracks`)).status).toBe(401);
    expect((await guest.post(`${base(ann)}/new`, { json: { song_id: song.id } })).status).toBe(401);
    expect((await guest.delete(`${base(ann)}/delete`, { json: { song_id: song.id } })).status).toBe(401);
    expect((await guest.get(`${base(ann)}/liked/${song.id}`)).status).toBe(401);
  });

  it('answers 400 for a malformed user id', async () => {
    const ann = await newUser(apiUrl, 'ann');
    for (const response of [
      await ann.get('/api/collection/me/tracks'),
      await ann.post('/api/collection/me/new', { json: { song_id: song.id } }),
      await ann.delete('/api/collection/me/delete', { json: { song_id: song.id } }),
      await ann.get(`/api/collection/me/liked/${song.id}`),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_ID');
    }
  });
});
