import { ObjectId, type Db } from 'mongodb';
import type { LikedSongsPage, PlaylistSongsResponse, SearchResponse, Song, SongsResponse } from '@tunafy/contracts';
import { startApi, type RunningApi } from '@tunafy/stack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser, uniqueName, type ApiClient } from '../test/api-client.js';
import { announceDirectWrite, connectDb, createSong, eventually } from '../test/fixtures.js';
import { CATALOG_REVISION_KEY } from './change-feed.js';
import { CATALOG_REVISION_COOKIE } from '../http/read-your-writes.js';

const apiUrl = inject('apiUrl');
const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');

let second: RunningApi;
let db: Db;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  // A second replica on the same database; both re-read the feed on every request (CATALOG_RECHECK_MS=0 in tests).
  second = await startApi({ mongodbUri, env: apiEnv });
  ({ db, close: closeDb } = await connectDb(mongodbUri));
});

afterAll(async () => {
  await second?.stop();
  await closeDb?.();
});

async function lastSongs(client: ApiClient): Promise<Song[]> {
  const first = await client.get<SongsResponse>('/api/songs?limit=1');
  const tail = await client.get<SongsResponse>(`/api/songs?limit=50&offset=${Math.max(0, first.body.total - 50)}`);
  return tail.body.songs;
}

describe('the read model across two API replicas', () => {
  it('shows one replica’s writes on the other at once (songs, search, likes, renames, deletes)', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const onSecond = ann.withBaseUrl(second.url);
    const token = uniqueName('Replica');
    const song = await createSong(ann, { song_name: `${token} Tune` });

    expect((await onSecond.get(`/api/songs/${song.id}`)).body).toEqual(song);
    expect((await lastSongs(onSecond)).map((row) => row.id)).toContain(song.id);
    expect((await onSecond.get<SearchResponse>(`/api/search?q=${token}`)).body.songs.map((row) => row.id)).toEqual([song.id]);

    // A like through the second replica is seen by the first.
    expect((await onSecond.post(`/api/collection/${ann.user.id}/new`, { json: { song_id: song.id } })).status).toBe(201);
    expect((await ann.get(`/api/collection/${ann.user.id}/liked/${song.id}`)).status).toBe(200);
    const liked = await ann.get<LikedSongsPage>(`/api/collection/${ann.user.id}/tracks?limit=10`);
    expect(liked.body.tracks.map((track) => track.song_id)).toEqual([song.id]);

    const renamed = await ann.put(`/api/songs/${song.id}/update`, { form: (() => { const f = new FormData(); f.append('song_name', `${token} Renamed`); return f; })() });
    expect(renamed.status).toBe(200);
    expect((await onSecond.get(`/api/songs/${song.id}`)).body.song_name).toBe(`${token} Renamed`);
    expect((await onSecond.get<SearchResponse>(`/api/search?q=${token}%20renamed`)).body.songs.map((row) => row.id)).toEqual([song.id]);

    expect((await onSecond.delete(`/api/songs/${song.id}`)).status).toBe(200);
    expect((await ann.get(`/api/songs/${song.id}`)).status).toBe(404);
    expect((await ann.get(`/api/collection/${ann.user.id}/liked/${song.id}`)).status).toBe(404);
    expect((await ann.get<SearchResponse>(`/api/search?q=${token}`)).body.songs).toEqual([]);
  });

  it('reloads when a tool writes behind the API’s back and logs a reload', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const song = await createSong(ann, { song_name: uniqueName('Direct') });
    await db.collection('songs').updateOne({ _id: new ObjectId(song.id) }, { $set: { song_name: 'Renamed Directly' } });
    await announceDirectWrite(db);
    expect((await ann.get(`/api/songs/${song.id}`)).body.song_name).toBe('Renamed Directly');
    expect((await ann.withBaseUrl(second.url).get(`/api/songs/${song.id}`)).body.song_name).toBe('Renamed Directly');
  });

  it('reloads after a revision bump with no change logged (a writer that died in between)', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const song = await createSong(ann, { song_name: uniqueName('Gap') });
    const onSecond = ann.withBaseUrl(second.url);
    expect((await onSecond.get(`/api/songs/${song.id}`)).status).toBe(200);
    await db.collection('songs').updateOne({ _id: new ObjectId(song.id) }, { $set: { song_name: 'Seen After The Gap' } });
    await db.collection<{ _id: string; rev: number }>('meta').updateOne({ _id: CATALOG_REVISION_KEY }, { $inc: { rev: 1 } });
    // Writes logged after the gap reach the other replica at once, while the gap waits to fill.
    const later = await createSong(ann, { song_name: uniqueName('After') });
    expect((await onSecond.get(`/api/songs/${later.id}`)).status).toBe(200);
    expect((await onSecond.get(`/api/songs/${song.id}`)).body.song_name).not.toBe('Seen After The Gap');
    // Not at once: a revision may be between its counter bump and its log entry for a moment (5 s of grace).
    const seen = await eventually(
      () => onSecond.get(`/api/songs/${song.id}`),
      (response) => response.body.song_name === 'Seen After The Gap',
    );
    expect(seen.body.song_name).toBe('Seen After The Gap');
    expect((await onSecond.get(`/api/songs/${later.id}`)).status).toBe(200);
  });

  it('shows every playlist made on either replica on both, also when both write at the same moment', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const replicas = [ann, ann.withBaseUrl(second.url)];
    const made: string[] = [];
    // Writes interleaved on both replicas, several in flight at once: each replica's own revisions land between the other's.
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        for (let round = 0; round < 6; round++) {
          const client = replicas[(lane + round) % 2]!;
          const form = new FormData();
          form.append('playlist_name', `Race ${lane}-${round}`);
          const created = await client.post<{ id: string }>('/api/playlists/new', { form });
          expect(created.status).toBe(201);
          made.push(created.body.id);
        }
      }),
    );
    for (const client of replicas) {
      const shown = await eventually(
        async () => (await client.get<{ playlists: { id: string }[] }>(`/api/playlists/${ann.user.id}/manage`)).body.playlists.map((playlist) => playlist.id),
        (ids) => made.every((id) => ids.includes(id)),
      );
      expect(made.filter((id) => !shown.includes(id))).toEqual([]);
    }
  });

  it('shows a client its own writes at once through a replica that has not re-read the feed, before anyone else', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const bob = await newUser(apiUrl, 'bob');
    const playlist = await ann.post<{ id: string }>('/api/playlists/new', { json: { playlist_name: uniqueName('Mine') } });
    // Loaded now, and re-reading the feed only every 10 minutes: others' writes after this it does not show.
    const stale = await startApi({ mongodbUri, env: { ...apiEnv, CATALOG_RECHECK_MS: '600000' } });
    try {
      const other = bob.withBaseUrl(stale.url);
      other.forgetCookie(CATALOG_REVISION_COOKIE);
      const reads = await other.get('/api/songs?limit=1');
      expect(reads.headers.getSetCookie().join(), 'a read hands out no revision').not.toContain(CATALOG_REVISION_COOKIE);

      const song = await createSong(ann, { song_name: uniqueName('Own Write') });
      const added = await ann.put(`/api/playlists/${playlist.body.id}/add`, { json: { song_id: song.id } });
      expect(added.status).toBe(200);
      const cookie = added.headers.getSetCookie().find((line) => line.startsWith(`${CATALOG_REVISION_COOKIE}=`));
      expect(cookie).toMatch(new RegExp(`^${CATALOG_REVISION_COOKIE.replace('.', '\\.')}=\\d+; Max-Age=60; Path=/api; HttpOnly; SameSite=Lax$`));
      expect(Number(ann.cookie(CATALOG_REVISION_COOKIE))).toBeGreaterThanOrEqual(1);

      // Someone else's read through the stale replica: the copy it holds, without the song.
      expect((await other.get(`/api/songs/${song.id}`)).status).toBe(404);
      // Ann's next read there brings the revision of her writes: the replica catches up first.
      const mine = await ann.withBaseUrl(stale.url).get<PlaylistSongsResponse>(`/api/playlists/${playlist.body.id}/songs`);
      expect(mine.body.playlist_songs.map((entry) => entry.song_id)).toEqual([song.id]);
      // Caught up for everyone.
      expect((await other.get(`/api/songs/${song.id}`)).status).toBe(200);
    } finally {
      await stale.stop();
    }
    // A replica of its own starts in this test (beside the suite's two): its start waits for the catalog's load.
  }, 120_000);

  it('finds a client’s change logged above the counter (a $max lost to a concurrent one on the embedded engine)', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const playlist = await ann.post<{ id: string; playlist_name: string }>('/api/playlists/new', { json: { playlist_name: uniqueName('Counted') } });
    const onSecond = ann.withBaseUrl(second.url);
    expect((await onSecond.get(`/api/playlists/${playlist.body.id}`)).body.playlist_name).toBe(playlist.body.playlist_name);
    // The rename is in the database and in the log, one past the counter, which never moved: as when two replicas
    // raise it at once and the engine keeps the lower of the two.
    const head = (await db.collection<{ _id: string; rev: number }>('meta').findOne({ _id: CATALOG_REVISION_KEY }))!.rev;
    const renamed = uniqueName('Renamed');
    await db.collection('playlists').updateOne({ _id: new ObjectId(playlist.body.id) }, { $set: { playlist_name: renamed } });
    await db.collection<{ _id: number }>('catalog_changes').insertOne({ _id: head + 1, at: new Date(), changes: [{ kind: 'playlist', id: playlist.body.id }] } as never);

    const others = onSecond.withBaseUrl(second.url);
    others.forgetCookie(CATALOG_REVISION_COOKIE);
    expect((await others.get(`/api/playlists/${playlist.body.id}`)).body.playlist_name, 'the counter says nothing changed').toBe(playlist.body.playlist_name);
    // The write's answer named head + 1: the replica looks past its counter for it.
    onSecond.setCookie(CATALOG_REVISION_COOKIE, String(head + 1));
    expect((await onSecond.get(`/api/playlists/${playlist.body.id}`)).body.playlist_name).toBe(renamed);
  });

  it('deletes the like and the playlist entry a song’s deleting replica had not heard of, through the replica that recorded them', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const song = await createSong(ann, { song_name: uniqueName('Orphan') });
    const playlist = await ann.post<{ id: string }>('/api/playlists/new', { json: { playlist_name: uniqueName('Orphans') } });
    // A replica that re-reads the feed only every 10 minutes: what is written after it loaded, it never hears of.
    const stale = await startApi({ mongodbUri, env: { ...apiEnv, CATALOG_RECHECK_MS: '600000' } });
    const rows = async () => [
      await db.collection('likes').countDocuments({ song_id: new ObjectId(song.id) }),
      await db.collection('playlist_songs').countDocuments({ song_id: new ObjectId(song.id) }),
    ];
    try {
      expect((await ann.post(`/api/collection/${ann.user.id}/new`, { json: { song_id: song.id } })).status).toBe(201);
      expect((await ann.put(`/api/playlists/${playlist.body.id}/add`, { json: { song_id: song.id } })).status).toBe(200);
      expect(await rows()).toEqual([1, 1]);

      // Without the revision of ann's writes, which would make the stale replica catch up first (read-your-writes).
      const onStale = ann.withBaseUrl(stale.url);
      onStale.forgetCookie(CATALOG_REVISION_COOKIE);
      expect((await onStale.delete(`/api/songs/${song.id}`)).status).toBe(200);
      // The first replica, which recorded both, deletes their rows when it applies the delete (its next read):
      // no reference outlives its song until the janitor's next sweep (off in tests).
      await ann.get('/api/songs?limit=1');
      expect(await eventually(rows, (counts) => counts.every((count) => count === 0))).toEqual([0, 0]);
      expect((await ann.get(`/api/collection/${ann.user.id}/liked/${song.id}`)).status).toBe(404);
      expect((await ann.get<PlaylistSongsResponse>(`/api/playlists/${playlist.body.id}/songs`)).body.playlist_songs).toEqual([]);
    } finally {
      await stale.stop();
    }
    // A replica of its own starts in this test (beside the suite's two): its start waits for the catalog's load.
  }, 120_000);

  it('logs a change whose log write failed as soon as the log takes writes again, so the other replica shows it', async () => {
    const ann = await newUser(apiUrl, 'ann');
    const onSecond = ann.withBaseUrl(second.url);
    const head = (await db.collection<{ _id: string; rev: number }>('meta').findOne({ _id: CATALOG_REVISION_KEY }))?.rev ?? 0;
    // Every number a writer would try next is taken, and the counter does not know: the next log write fails (as
    // when the database goes away between a write and its log entry), while the write itself succeeds.
    const blockers = Array.from({ length: 80 }, (_, index) => ({ _id: head + 1 + index, at: new Date(), changes: [] }));
    await db.collection<{ _id: number }>('catalog_changes').insertMany(blockers);
    let song: Song;
    try {
      song = await createSong(ann, { song_name: uniqueName('Late Log') });
      expect((await onSecond.get(`/api/songs/${song.id}`)).status, 'not logged, so not on the other replica yet').toBe(404);
    } finally {
      await db.collection<{ _id: number }>('catalog_changes').deleteMany({ _id: { $in: blockers.map((blocker) => blocker._id) } });
    }
    // Tried again in the background (1, 2, 4 s ... apart): no restart, no reload needed.
    const seen = await eventually(() => onSecond.get(`/api/songs/${song.id}`), (response) => response.status === 200, 20_000);
    expect(seen.status).toBe(200);
  });
});
