import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppPasswordsResponse, CreatedAppPassword, ImportResponse } from '@tunafy/contracts';
import SubsonicAPI from 'subsonic-api';
import { expect } from 'vitest';
import { FIXTURE_EXTENSIONS, writeAudio, type AudioFixture } from '../test/test-audio.js';
import type { ApiClient } from '../test/api-client.js';
import { form } from '../test/fixtures.js';
import { checkSubsonicResponse } from './testing/opensubsonic-schema.js';
import { xmlToSubsonicJson } from './testing/subsonic-xml.js';

export type SubsonicBody = Record<string, any>;

/** An app password made through the web's Connected apps call. */
export async function appPassword(client: ApiClient, name = 'Test phone'): Promise<CreatedAppPassword> {
  const response = await client.post<CreatedAppPassword>('/api/me/app-passwords', { json: { name } });
  expect(response.status).toBe(201);
  return response.body;
}

export async function listAppPasswords(client: ApiClient): Promise<AppPasswordsResponse> {
  return (await client.get<AppPasswordsResponse>('/api/me/app-passwords')).body;
}

/** The real client library (npm subsonic-api) signed in with an app password: token auth, GET or form POST. */
export function subsonicClient(baseUrl: string, auth: { username: string; password: string } | { apiKey: string }, post = false): SubsonicAPI {
  return new SubsonicAPI({ url: baseUrl, auth, post });
}

/**
 * Calls a method through the client library and answers `subsonic-response`, after checking the whole answer
 * against the OpenSubsonic schema, and for XML also that it reads as the same answer in JSON.
 */
export async function call(api: SubsonicAPI, method: string, params: Record<string, unknown> = {}, format: 'json' | 'xml' = 'json'): Promise<SubsonicBody> {
  const response = await api.custom(`${method}.view`, { ...params, ...(format === 'xml' ? { f: 'xml' } : {}) });
  expect(response.status).toBe(200);
  const text = await response.text();
  const body = format === 'xml' ? xmlToSubsonicJson(method, text) : JSON.parse(text);
  checkSubsonicResponse(method, body);
  return body['subsonic-response'];
}

/** Calls and expects `status: "ok"`. */
export async function callOk(api: SubsonicAPI, method: string, params: Record<string, unknown> = {}, format: 'json' | 'xml' = 'json'): Promise<SubsonicBody> {
  const answer = await call(api, method, params, format);
  if (answer.status !== 'ok') throw new Error(`${method} failed: ${JSON.stringify(answer.error)}`);
  return answer;
}

let fixtureCount = 0;

/** Uploads a tagged file made by ffmpeg through Upload Music's call, as a user would. */
export async function importTagged(client: ApiClient, dir: string, fixture: AudioFixture): Promise<Extract<ImportResponse, { status: 'imported' }>> {
  const count = ++fixtureCount;
  const name = `${count}.${FIXTURE_EXTENSIONS[fixture.format]}`;
  const path = await writeAudio(join(dir, name), { frequency: 200 + count, seconds: 1, ...fixture });
  const response = await client.post<ImportResponse>('/api/uploads/songs', { form: form({ file: new File([readFileSync(path)], name) }) });
  if (response.status !== 201 || response.body.status !== 'imported') throw new Error(`upload failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
