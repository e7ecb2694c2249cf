import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, startGateway, type RunningApi, type RunningGateway } from '@tunafy/stack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newUser } from '../test/api-client.js';
import { createSong } from '../test/fixtures.js';

const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');
const TOKEN = 'metrics-token-for-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Samples = Map<string, number>;

/**
 * A small checker of the Prometheus text format (0.0.4): every sample line is `name{labels} value`, every
 * series belongs to a metric announced by # HELP and # TYPE. Answers the samples by `name{labels}`.
 */
function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  const typed = new Map<string, string>();
  const helped = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped'], line).toContain(comment[3]);
        typed.set(comment[2]!, comment[3]!);
      } else helped.add(comment[2]!);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)( [0-9]+)?$/.exec(line);
    expect(sample, `not a sample line: ${line}`).not.toBeNull();
    const name = sample![1]!;
    const family = typed.has(name) ? name : name.replace(/_(bucket|sum|count|total|created)$/, '');
    expect(typed.has(family) || typed.has(name), `no # TYPE for ${name}`).toBe(true);
    expect(helped.has(family) || helped.has(name), `no # HELP for ${name}`).toBe(true);
    samples.set(name + (sample![2] ?? ''), Number(sample![3]));
  }
  return samples;
}

describe('observability', () => {
  const lines: string[] = [];
  let api: RunningApi;
  let gateway: RunningGateway;
  let shellDir: string;

  beforeAll(async () => {
    // Behind one proxy (TRUST_PROXY=1), as in compose: the metrics rule must hold even when the API trusts X-Forwarded-For.
    api = await startApi({ mongodbUri, env: { ...apiEnv, LOG_LEVEL: 'info', TRUST_PROXY: '1', METRICS_TOKEN: TOKEN }, log: (line) => lines.push(line) });
    shellDir = mkdtempSync(join(tmpdir(), 'tunafy-observability-shell-'));
    gateway = await startGateway({ apiUrl: api.url, apps: { shell: shellDir }, env: {}, log: () => undefined });
  });

  afterAll(async () => {
    await gateway?.stop();
    await api?.stop();
    if (shellDir) rmSync(shellDir, { recursive: true, force: true });
  });

  const scrape = async (): Promise<Samples> => {
    const response = await fetch(`${api.url}/api/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return parseMetrics(await response.text());
  };
  const value = (samples: Samples, series: string) => samples.get(series) ?? 0;

  it('serves the Prometheus text format with the process metrics', async () => {
    const samples = await scrape();
    expect(samples.has('process_cpu_user_seconds_total')).toBe(true);
    expect(samples.has('nodejs_heap_size_used_bytes')).toBe(true);
    expect([...samples.keys()].some((key) => key.startsWith('nodejs_eventloop_lag_seconds'))).toBe(true);
  });

  it('counts requests by route pattern and status, uploads, streams, list cache, database commands and catalog size', async () => {
    const client = await newUser(api.url, 'metrics');
    const before = await scrape();
    const missing = '0123456789abcdef01234567';
    expect((await client.get(`/api/songs/${missing}`)).status).toBe(404);
    expect((await client.get(`/api/songs/${missing}`)).status).toBe(404);
    const song = await createSong(client);
    expect((await client.get('/api/songs')).status).toBe(200);
    expect((await client.get('/api/songs')).status).toBe(200);
    const audio = await client.get(song.song_file_url, { headers: { range: 'bytes=0-1023' } });
    expect(audio.status).toBe(206);
    // The upload left its local copy behind: both plays are answered from it.
    expect((await client.get(song.song_file_url, { headers: { range: 'bytes=1024-2047' } })).status).toBe(206);
    const after = await scrape();

    const songById = 'tunafy_http_request_duration_seconds_count{method="GET",route="/api/songs/:id",status="404"}';
    expect(value(after, songById) - value(before, songById)).toBe(2);
    const created = 'tunafy_http_request_duration_seconds_count{method="POST",route="/api/songs/new",status="201"}';
    expect(value(after, created) - value(before, created)).toBe(1);
    // Route patterns only: no id ever becomes a label.
    expect([...after.keys()].some((key) => key.includes(missing) || key.includes(song.id))).toBe(false);
    const files = 'tunafy_http_request_duration_seconds_count{method="GET",route="/api/files/:id",status="206"}';
    expect(value(after, files) - value(before, files)).toBe(2);
    const diskHits = 'tunafy_cache_lookups_total{cache="media_disk",result="hit"}';
    // At least the two plays: deriving the new song's cover sizes in the background may read its cover from there too.
    expect(value(after, diskHits) - value(before, diskHits)).toBeGreaterThanOrEqual(2);
    expect(after.has('tunafy_cache_lookups_total{cache="media_disk",result="miss"}')).toBe(true);

    const formBytes = 'tunafy_upload_bytes_total{source="form"}';
    expect(value(after, formBytes) - value(before, formBytes)).toBeGreaterThan(10_000);
    // The Range answer finished before the scrape: nothing is streaming any more.
    expect(value(after, 'tunafy_media_active_streams{kind="audio"}')).toBe(0);
    expect(after.has('tunafy_media_active_streams{kind="audio"}')).toBe(true);
    // The second whole list came from the serialized copy of the first.
    const listHits = 'tunafy_cache_lookups_total{cache="list_response",result="hit"}';
    expect(value(after, listHits) - value(before, listHits)).toBeGreaterThanOrEqual(1);
    const inserts = 'tunafy_db_command_duration_seconds_count{command="insert",outcome="ok"}';
    expect(value(after, inserts) - value(before, inserts)).toBeGreaterThanOrEqual(1);
    expect(value(after, 'tunafy_catalog_items{kind="songs"}')).toBeGreaterThanOrEqual(1);
    expect(after.has('tunafy_catalog_items{kind="albums"}')).toBe(true);
  });

  it('answers only direct internal clients or the token holder; anyone else gets the 404 of an unknown path', async () => {
    const unknown = await fetch(`${api.url}/api/no-such-path`);
    const unknownBody = (await unknown.json()) as { code: string };
    expect(unknown.status).toBe(404);
    const refused = async (url: string, headers: Record<string, string>) => {
      const response = await fetch(url, { headers });
      expect(response.status, `${url} ${JSON.stringify(headers)}`).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe(unknownBody.code);
    };
    // Relayed by a proxy (even one the API trusts, and even from a private address): the token is needed.
    await refused(`${api.url}/api/metrics`, { 'x-forwarded-for': '203.0.113.7' });
    await refused(`${api.url}/api/metrics`, { 'x-forwarded-for': '10.1.2.3' });
    await refused(`${api.url}/api/metrics`, { forwarded: 'for=203.0.113.7' });
    await refused(`${api.url}/api/metrics`, { authorization: 'Bearer wrong-token' });
    await refused(`${api.url}/api/metrics`, { authorization: `Basic ${TOKEN}` });
    // Through the gateway: never, token or not.
    await refused(`${gateway.url}/api/metrics`, { 'x-forwarded-for': '203.0.113.7' });
    await refused(`${gateway.url}/api/metrics`, { authorization: `Bearer ${TOKEN}` });
    await refused(`${gateway.url}/API/metrics/`, {});

    const withToken = await fetch(`${api.url}/api/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain('tunafy_http_request_duration_seconds');
  });

  it('answers every request with its id, takes a safe one from the gateway, and logs it on the request line', async () => {
    const made = await fetch(`${api.url}/api/songs?limit=1`);
    expect(made.headers.get('x-request-id')).toMatch(UUID);
    const kept = await fetch(`${api.url}/api/songs?limit=1`, { headers: { 'x-request-id': '6f1c2a9be0d84b7c9a0e1f2d3c4b5a69' } });
    expect(kept.headers.get('x-request-id')).toBe('6f1c2a9be0d84b7c9a0e1f2d3c4b5a69');
    const forged = await fetch(`${api.url}/api/songs?limit=1`, { headers: { 'x-request-id': 'x"} {"level":"fatal' } });
    expect(forged.headers.get('x-request-id')).toMatch(UUID);
    const errorAnswer = await fetch(`${api.url}/api/no-such-path`);
    expect(errorAnswer.headers.get('x-request-id')).toMatch(UUID);

    // Through the gateway: the id it made reaches the API, comes back, and is on the API's request line.
    const relayed = await fetch(`${gateway.url}/api/songs?limit=2`);
    const id = relayed.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    await expect.poll(() => lines.filter((line) => line.includes(id)).length).toBeGreaterThanOrEqual(1);
    const line = JSON.parse(lines.find((candidate) => candidate.includes(id))!) as { msg: string; request_id: string; req: { id: string; url: string } };
    expect(line).toMatchObject({ msg: 'request completed', request_id: id, req: { id, url: '/api/songs?limit=2' } });
  });
});
