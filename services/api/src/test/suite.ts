import type { Db } from 'mongodb';
import type { Song } from '@tunafy/contracts';
import { afterAll, expect, inject } from 'vitest';
import { ApiClient, newUser, type ApiResponse } from './api-client.js';
import { connectDb, createSong } from './fixtures.js';

/** A signed-up user with a logged-in client, as newUser answers it. */
export type TestUser = Awaited<ReturnType<typeof newUser>>;

export const HEX_ID = /^[0-9a-f]{24}$/;
export const FILE_URL = /^\/api\/files\/[0-9a-f]{24}$/;
export const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '0123456789abcdef01234567';

export interface ApiSuite {
  /** A direct connection to the test database, for what the API does not expose. */
  readonly db: Db;
  /** The user who uploaded `songs`; only there when the suite asked for songs. */
  readonly artist: TestUser;
  /** The suite's shared songs, in the order their names were given. */
  readonly songs: Song[];
}

/**
 * The setup most API suites share, awaited at the top of the file: a direct database connection (closed in the
 * file's afterAll) and, when `songs` names any, one artist who uploads them once for the whole file — encoding
 * mp3s is the slow part, so every test that only needs "a song" uses these.
 */
export async function apiSuite(options: { artist?: string; songs?: readonly string[] } = {}): Promise<ApiSuite> {
  const { db, close } = await connectDb(inject('mongodbUri'));
  afterAll(close);
  const suite: ApiSuite = { db, artist: undefined as unknown as TestUser, songs: [] };
  if (!options.songs?.length) return suite;
  const artist = await newUser(inject('apiUrl'), options.artist ?? 'artist');
  for (const song_name of options.songs) suite.songs.push(await createSong(artist, { song_name }));
  return { ...suite, artist };
}

/** Asserts the stable 400 answer to a form with bad fields, naming each field's message. */
export function expectValidationFailed(response: ApiResponse, errors: Record<string, string>): void {
  expect(response.status).toBe(400);
  expect(response.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.any(String), errors });
}

/**
 * Walks a cursor-paged list one item a page for two pages (the first answers a cursor, the second, fetched with
 * it, another item) and checks that a zero limit and a garbled cursor are refused with 400. `key` is the list's
 * field in the answer (`users`, `playlists`, ...). Answers both pages for the caller's own assertions.
 */
export async function expectCursorPaging(client: ApiClient, path: string, key: string): Promise<[ApiResponse, ApiResponse]> {
  const first = await client.get(`${path}?limit=1`);
  expect(first.body[key]).toHaveLength(1);
  expect(first.body.next_cursor).toEqual(expect.any(String));
  const second = await client.get(`${path}?limit=1&cursor=${first.body.next_cursor}`);
  expect(second.body[key]).toHaveLength(1);
  expect((await client.get(`${path}?limit=0`)).status).toBe(400);
  expect((await client.get(`${path}?cursor=garbage`)).status).toBe(400);
  return [first, second];
}

/**
 * Deletes of the owner's item at `${list}/${id}` that must fail, leaving it in place: by a stranger (403), by a
 * guest (401), and, as the owner, of a malformed id (400 INVALID_ID) and of an unknown one (404).
 */
export async function expectOnlyTheOwnerDeletes(owner: ApiClient, list: string, id: string): Promise<void> {
  const stranger = await newUser(owner.baseUrl);
  expect((await stranger.delete(`${list}/${id}`)).status).toBe(403);
  expect((await new ApiClient(owner.baseUrl).delete(`${list}/${id}`)).status).toBe(401);
  const malformed = await owner.delete(`${list}/123`);
  expect(malformed.status).toBe(400);
  expect(malformed.body.code).toBe('INVALID_ID');
  expect((await owner.delete(`${list}/${UNKNOWN_ID}`)).status).toBe(404);
}
