import type { MongoClient } from 'mongodb';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics, served by GET /api/metrics (metrics-endpoint.ts). One registry per
 * process, defined once at load: recording is a label lookup and an add, never an allocation of ours.
 * Ratios (cache hit ratio) are left to PromQL over the counters, the Prometheus way; docs/api.md lists
 * every series and the queries.
 */
export const registry = new Registry();

// Every metric goes into this process's registry, never prom-client's global one.
const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Gauge<L>({ name, help, labelNames, registers: [registry] });
const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Counter<L>({ name, help, labelNames, registers: [registry] });
const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
  new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });

/** By route pattern (`/api/songs/:id`, never the URL with its ids) so the series stay few; `_count` is the request count. */
export const httpRequestDuration = histogram(
  'tunafy_http_request_duration_seconds',
  'Time from the first byte of a request to the end of its answer, by method, route pattern and status.',
  ['method', 'route', 'status'],
  [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
);

export const mediaActiveStreams = gauge('tunafy_media_active_streams', 'Media answers whose bytes are being sent right now, by kind (audio, image).', ['kind']);

export const uploadBytes = counter(
  'tunafy_upload_bytes_total',
  'Bytes of files received, by source: form (song, album and cover forms) or import (bulk upload).',
  ['source'],
);

export const cacheLookups = counter(
  'tunafy_cache_lookups_total',
  'Lookups in the process caches, by cache (media_disk, list_response) and result (hit, miss).',
  ['cache', 'result'],
);

export const dbCommandDuration = histogram(
  'tunafy_db_command_duration_seconds',
  'Database round trips as the driver measures them, by command name and outcome (ok, error).',
  ['command', 'outcome'],
  [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
);

export const catalogItems = gauge('tunafy_catalog_items', "Rows in this replica's in-memory catalog, by kind (songs, albums).", ['kind']);

// Children bound once: the hot paths then touch no label objects.
export const audioStreams = mediaActiveStreams.labels('audio');
export const imageStreams = mediaActiveStreams.labels('image');
export const mediaDiskHits = cacheLookups.labels('media_disk', 'hit');
export const mediaDiskMisses = cacheLookups.labels('media_disk', 'miss');
export const listResponseHits = cacheLookups.labels('list_response', 'hit');
export const listResponseMisses = cacheLookups.labels('list_response', 'miss');
export const formUploadBytes = uploadBytes.labels('form');
export const importUploadBytes = uploadBytes.labels('import');
// Every known series exists from the start at 0, so rates and ratios are defined before the first event.
for (const child of [mediaDiskHits, mediaDiskMisses, listResponseHits, listResponseMisses, formUploadBytes, importUploadBytes]) child.inc(0);
for (const gauge of [audioStreams, imageStreams]) gauge.set(0);

let defaultMetrics = false;
/** Node's own metrics (CPU, memory, event loop lag, GC, handles), collected when scraped. */
export function collectProcessMetrics(): void {
  if (defaultMetrics) return;
  defaultMetrics = true;
  collectDefaultMetrics({ register: registry });
}

/**
 * Times every database command from the driver's command monitoring (the client must be created with
 * `monitorCommands: true`). The command name (find, insert, getMore, ...) is a small fixed set.
 */
export function observeDatabaseCommands(client: Pick<MongoClient, 'on'>): void {
  client.on('commandSucceeded', (event) => dbCommandDuration.observe({ command: event.commandName, outcome: 'ok' }, event.duration / 1000));
  client.on('commandFailed', (event) => dbCommandDuration.observe({ command: event.commandName, outcome: 'error' }, event.duration / 1000));
}

/** Bytes of the files multer received for a request (`req.files`, by field or as a list). */
export function receivedBytes(files: Record<string, Express.Multer.File[] | undefined> | Express.Multer.File[] | undefined): number {
  if (!files) return 0;
  let total = 0;
  for (const list of Array.isArray(files) ? [files] : Object.values(files)) for (const file of list ?? []) total += file.size;
  return total;
}
