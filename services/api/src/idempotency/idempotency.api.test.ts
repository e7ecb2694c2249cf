import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { startApi, startDatabase } from '@tunafy/stack';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, newUser, type ApiResponse } from '../test/api-client.js';
import { KEY_REUSED_MESSAGE, STILL_RUNNING_MESSAGE } from './idempotency.interceptor.js';

/**
 * Idempotency keys against the real API process and the real engine (docs/api.md, "Retrying writes"): a repeat is
 * answered from the record, duplicates sent at once run once (also on two API processes), a repeat while the first
 * runs gets 409, another request under a used key gets 409, and a request that failed with a 5xx runs again.
 */
const apiUrl = inject('apiUrl');
const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');

let mongo: MongoClient;
beforeAll(async () => {
  mongo = await new MongoClient(mongodbUri).connect();
});
afterAll(async () => {
  await mongo?.close();
});

const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });

/** The playlists of that name in the database (not the read model): how many times a create really ran. */
async function storedPlaylists(client: MongoClient, name: string): Promise<number> {
  return client.db().collection('playlists').countDocuments({ playlist_name: name });
}

function createPlaylist(client: ApiClient, name: string, key: string): Promise<ApiResponse> {
  return client.post('/api/playlists/new', { json: { playlist_name: name }, ...keyed(key) });
}

describe('Idempotency-Key on writes', () => {
  it('answers a repeat with the recorded answer instead of running it again', async () => {
    const ann = await newUser(apiUrl, 'idem');
    const key = randomUUID();
    const first = await createPlaylist(ann, 'Once', key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const repeat = await createPlaylist(ann, 'Once', key);
    expect([repeat.status, repeat.headers.get('idempotent-replayed'), repeat.body]).toEqual([201, 'true', first.body]);
    expect(await storedPlaylists(mongo, 'Once')).toBe(1);

    // A 4xx is an answer too: the same request would get it again.
    const missing = `/api/playlists/${'0'.repeat(24)}/add`;
    const refused = await ann.put(missing, { json: { song_id: '1'.repeat(24) }, ...keyed('add-1') });
    expect(refused.status).toBe(404);
    const refusedAgain = await ann.put(missing, { json: { song_id: '1'.repeat(24) }, ...keyed('add-1') });
    expect([refusedAgain.status, refusedAgain.headers.get('idempotent-replayed'), refusedAgain.body]).toEqual([404, 'true', refused.body]);

    // Keys belong to their caller: another user's same key is a request of its own.
    const bob = await newUser(apiUrl, 'idem');
    expect((await createPlaylist(bob, 'Once', key)).status).toBe(201);
    expect(await storedPlaylists(mongo, 'Once')).toBe(2);
  });

  it('refuses a malformed key with a 400 in the error shape, before running anything', async () => {
    const ann = await newUser(apiUrl, 'idem');
    for (const key of ['has space', 'x'.repeat(101), 'a/b']) {
      const response = await createPlaylist(ann, 'Malformed', key);
      expect([response.status, response.body.code], key).toEqual([400, 'BAD_REQUEST']);
      expect(response.body.message).toContain('Idempotency-Key');
    }
    expect(await storedPlaylists(mongo, 'Malformed')).toBe(0);
    // Refused by the guards first (no CSRF token): no record, so the corrected request runs with the same key.
    const forged = await ann.post('/api/playlists/new', { json: { playlist_name: 'Guarded' }, withoutCsrf: true, ...keyed('guarded') });
    expect(forged.status).toBe(403);
    expect((await createPlaylist(ann, 'Guarded', 'guarded')).status).toBe(201);
  });

  it('runs duplicates sent at once, to two API processes, exactly once', async () => {
    const ann = await newUser(apiUrl, 'idem');
    const second = await startApi({ mongodbUri, env: apiEnv });
    try {
      const onSecond = ann.withBaseUrl(second.url);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => createPlaylist(i % 2 ? onSecond : ann, 'Raced', key)));
      expect(await storedPlaylists(mongo, 'Raced')).toBe(1);
      const ran = answers.filter((answer) => answer.status === 201 && answer.headers.get('idempotent-replayed') === null);
      expect(ran).toHaveLength(1);
      // The others were answered from the record, or told that the first was still running.
      for (const answer of answers.filter((other) => !ran.includes(other))) {
        if (answer.status === 201) expect([answer.headers.get('idempotent-replayed'), answer.body]).toEqual(['true', ran[0]!.body]);
        else expect(answer.body).toEqual({ statusCode: 409, code: 'CONFLICT', message: STILL_RUNNING_MESSAGE });
      }
      // Once it is done, every repeat on either process gets its answer.
      for (const client of [ann, onSecond]) expect((await createPlaylist(client, 'Raced', key)).body).toEqual(ran[0]!.body);
    } finally {
      await second.stop();
    }
  });

  it('answers 409 to a repeat while the first is running, and 409 to another request under a used key', async () => {
    const ann = await newUser(apiUrl, 'idem');
    // A request still running on another replica (or one whose replica died while running it) left this record.
    await mongo.db().collection<{ _id: string; fingerprint: string; state: string; created_at: Date }>('idempotency_keys').insertOne({ _id: `${ann.user.id}:in-flight`, fingerprint: 'POST /api/playlists/new', state: 'running', created_at: new Date() });
    const form = new FormData();
    form.set('playlist_name', 'Blocked');
    const blocked = await ann.post('/api/playlists/new', { form, ...keyed('in-flight') });
    expect([blocked.status, blocked.body]).toEqual([409, { statusCode: 409, code: 'CONFLICT', message: STILL_RUNNING_MESSAGE }]);
    expect(await storedPlaylists(mongo, 'Blocked')).toBe(0);

    expect((await createPlaylist(ann, 'First use', 'used')).status).toBe(201);
    for (const other of [createPlaylist(ann, 'Another body', 'used'), ann.put(`/api/playlists/${'0'.repeat(24)}/add`, { json: { playlist_name: 'First use' }, ...keyed('used') })]) {
      expect((await other).body).toEqual({ statusCode: 409, code: 'CONFLICT', message: KEY_REUSED_MESSAGE });
    }
    expect(await storedPlaylists(mongo, 'Another body')).toBe(0);
  });

  it('does not keep a 5xx: a write that failed while the database was away runs again with the same key', async () => {
    {
      const database = await startDatabase({ mode: 'test' });
      const api = await startApi({ mongodbUri: database.uri, env: apiEnv });
      const own = await new MongoClient(database.uri).connect();
      try {
        const ann = await newUser(api.url, 'idem');
        const key = randomUUID();
        const recordId = `${ann.user.id}:${key}`;
        const records = own.db().collection<{ _id: string; state: string }>('idempotency_keys');

        // A multipart body sent in two parts: the record is claimed when the headers arrive (the upload interceptor
        // reads the body after), so the engine goes away while the request runs, after its claim.
        let finish!: () => void;
        const boundary = 'tunafy-idempotency-test';
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="playlist_name"\r\n\r\n`;
        const tail = `Interrupted\r\n--${boundary}--\r\n`;
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode(head));
            await new Promise<void>((resolve) => (finish = resolve));
            controller.enqueue(new TextEncoder().encode(tail));
            controller.close();
          },
        });
        const pending = fetch(`${api.url}/api/playlists/new`, {
          method: 'POST',
          body,
          duplex: 'half',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': await ann.csrf(), cookie: ['tunafy.sid', 'tunafy.csrf'].map((name) => `${name}=${ann.cookie(name)}`).join('; '), 'idempotency-key': key },
        } as RequestInit);
        for (const deadline = Date.now() + 10_000; !(await records.findOne({ _id: recordId })) && Date.now() < deadline; ) await sleep(50);
        expect(await records.findOne({ _id: recordId })).toMatchObject({ state: 'running' });
        await database.outage!();
        finish();
        const failed = await pending;
        expect([failed.status, ((await failed.json()) as { code: string }).code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
        await database.recover!();

        // The API forgets the failed request once the engine is back (it retries the removal), and the same key runs.
        expect(await own.db().collection('playlists').countDocuments({ playlist_name: 'Interrupted' })).toBe(0);
        const form = new FormData();
        form.set('playlist_name', 'Interrupted');
        let retried: ApiResponse | undefined;
        for (const deadline = Date.now() + 40_000; Date.now() < deadline; await sleep(500)) {
          retried = await ann.post('/api/playlists/new', { form, ...keyed(key) }).catch(() => undefined);
          // 503 while the API reconnects, 409 while the record of the failed attempt is still there.
          if (retried && retried.status !== 503 && retried.status !== 409) break;
        }
        expect([retried?.status, retried?.headers.get('idempotent-replayed')], JSON.stringify(retried?.body)).toEqual([201, null]);
        expect(await own.db().collection('playlists').countDocuments({ playlist_name: 'Interrupted' })).toBe(1);
      } finally {
        await own.close();
        await api.stop();
        await database.stop();
      }
    }
  });

  it('finds a record through the engine\'s _id index (the embedded engine; every statement on the request path filters by _id only)', async (context) => {
    const answer = await mongo.db().command({ explain: { find: 'idempotency_keys', filter: { _id: 'someone:key' } }, verbosity: 'queryPlanner' });
    const plan = ((answer.queryPlanner as { Plan?: string[] } | undefined)?.Plan ?? []).join('\n');
    if (!plan) return context.skip(); // MongoDB: its own _id index, its own plan format
    expect(answer.filterPushdown).toBe(true);
    expect(plan).toMatch(/SEARCH \S+ USING INDEX tunafy_\S+_id_expr/);
  });
});
