import type { SessionUser } from '@tunafy/contracts';
import { growCatalog, startApi, startDatabase, type RunningApi, type RunningDatabase } from '@tunafy/stack';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueName, type ApiResponse } from '../test/api-client.js';
import { connectDb } from '../test/fixtures.js';

const apiEnv = inject('apiEnv');
const ROUNDS = 3;

let database: RunningDatabase;
let apis: RunningApi[] = [];
/** What the replicas logged (errors only), so a 500 here names its cause: CI saw one in a round of session 24. */
const logged: string[] = [];
const keep = (replica: string) => (line: string) => void logged.push(`${replica}: ${line}`);

/**
 * The conditions under which artists/artist-sort-keys.api.test.ts once saw two 500s from sign-ups sent at once: a fresh
 * engine, a grown catalog whose artists lack their sort keys (both replicas fill them in the background as they start),
 * two replicas started together, one per catalog read adapter. The sign-ups go out while that fill may still run.
 */
beforeAll(async () => {
  database = await startDatabase({ mode: 'test' });
  const { db, close } = await connectDb(database.uri);
  const file = () => new ObjectId().toHexString();
  await growCatalog(db, { songs: 1_200, template: { coverFileId: file(), audioFileId: file() }, mainUserId: file(), passwordHash: 'unused' });
  await db.collection('artists').updateMany({}, { $unset: { sort_key: '' } });
  await close();
  apis = await Promise.all([
    startApi({ mongodbUri: database.uri, log: keep('mongodb reads'), env: { ...apiEnv, CATALOG_READS: 'mongodb' } }),
    startApi({ mongodbUri: database.uri, log: keep('memory reads'), env: { ...apiEnv, CATALOG_READS: 'memory' } }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await database?.stop();
});

function signup(baseUrl: string, username: string): Promise<ApiResponse> {
  return new ApiClient(baseUrl).post('/api/auth/signup', { json: { email: `${username}@example.com`, username, password: 'correct-horse' } });
}

describe('sign-ups at once on two freshly started replicas', () => {
  it('with different names: both are created (201), each as itself', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const names = [uniqueName('first'), uniqueName('second')];
      const answers = await Promise.all(apis.map((api, index) => signup(api.url, names[index]!)));
      expect(answers.map((answer) => answer.status), JSON.stringify({ answers: answers.map((answer) => answer.body), logged: logged.slice(-20) })).toEqual([201, 201]);
      expect(answers.map((answer) => (answer.body as SessionUser).username)).toEqual(names);
    }
  }, 60_000);

  it('with the same name: one is created (201), the other is the duplicate answer (409 keyed by field), never a 500', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = uniqueName('same');
      const answers = await Promise.all(apis.map((api) => signup(api.url, name)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses, JSON.stringify({ answers: answers.map((answer) => answer.body), logged: logged.slice(-20) })).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.status === 409)!;
      // Name and email are both taken here: either field may carry the message (the race path names the one it finds).
      expect(refused.body).toMatchObject({ statusCode: 409, code: 'CONFLICT' });
      expect(Object.keys((refused.body as { errors: object }).errors)).toEqual([expect.stringMatching(/^(email|username)$/)]);
      expect((answers.find((answer) => answer.status === 201)!.body as SessionUser).username).toBe(name);
    }
  }, 60_000);
});
