import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, startApi, startDatabase, throwawayApiEnv, type RunningApi, type RunningDatabase } from '@tunafy/stack';
import { BSON, GridFSBucket, MongoClient, type Db, type ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newUser } from '../test/api-client.js';
import { coverFile, createAlbum, createSong, fileId, form, songBytes } from '../test/fixtures.js';

/**
 * `npm run backup` / `npm run restore` end to end (issue 14): a catalog made through the real API on one engine is
 * backed up with the real CLI, restored with the real CLI into a database of a fresh engine, and compared document by
 * document and file by file. What must differ, and is checked to differ only so:
 * - `meta`: every revision counter is one higher (restore announces itself so running APIs reload);
 * - `catalog_changes`: one more entry, the `reload` change at that revision;
 * - `media.chunks`: new chunk `_id`s (the archive holds whole files, cut into chunks again); `files_id`, `n` and the
 *   bytes are the same.
 */

const run = promisify(execFile);
const tsx = join(repoRoot(), 'node_modules/.bin/tsx');

let source: RunningDatabase;
let target: RunningDatabase;
let sourceClient: MongoClient;
let targetClient: MongoClient;
const apis: RunningApi[] = [];
const dirs: string[] = [];

function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function cli(script: 'backup' | 'restore', args: string[], mongodbUri: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [join(repoRoot(), `packages/stack/src/cli/${script}.ts`), ...args], {
      cwd: repoRoot(),
      env: { ...process.env, MONGODB_URI: mongodbUri },
      timeout: 120_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Every document of a collection as its raw BSON bytes (hex), keyed by its `_id` in canonical Extended JSON. */
async function rawDocuments(db: Db, name: string): Promise<Map<string, string>> {
  const docs = new Map<string, string>();
  for await (const raw of db.collection(name).find({}, { raw: true }) as AsyncIterable<unknown>) {
    const bytes = Buffer.from(raw as Uint8Array);
    const { _id } = BSON.deserialize(bytes, { promoteValues: false });
    docs.set(BSON.EJSON.stringify(_id, { relaxed: false }), bytes.toString('hex'));
  }
  return docs;
}

/** Per GridFS file: its chunks as `n:sha256`, in order; chunk `_id`s left out (they are new after a restore). */
async function chunksByFile(db: Db): Promise<Record<string, string[]>> {
  const byFile: Record<string, string[]> = {};
  for await (const chunk of db.collection('media.chunks').find({}, { projection: { _id: 0 } })) {
    (byFile[String(chunk.files_id)] ??= []).push(`${chunk.n}:${createHash('sha256').update(chunk.data.buffer).digest('hex')}`);
  }
  for (const list of Object.values(byFile)) list.sort((a, b) => Number(a.split(':')[0]) - Number(b.split(':')[0]));
  return byFile;
}

async function download(db: Db, id: ObjectId): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of new GridFSBucket(db, { bucketName: 'media' }).openDownloadStream(id)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

beforeAll(async () => {
  // Encoded before any request: an mp3 takes seconds to make on a busy machine, long enough for the API to close an
  // idle keep-alive connection just as the next request is written on it (EPIPE).
  for (const seconds of [2, 3]) songBytes(seconds);
  for (const seed of [1, 5, 9]) coverFile({ seed });
  source = await startDatabase({ mode: 'test' });
  target = await startDatabase({ mode: 'test' });
  sourceClient = await MongoClient.connect(source.uri);
  targetClient = await MongoClient.connect(target.uri);
});

afterAll(async () => {
  for (const api of apis) await api.stop().catch(() => undefined);
  await sourceClient?.close();
  await targetClient?.close();
  await source?.stop();
  await target?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup, then npm run restore into a fresh engine', () => {
  it('restores every collection and every media file as they were, and a restored user logs in and plays a song', async () => {
    const apiLines: string[] = [];
    const api = await startApi({ mongodbUri: source.uri, env: throwawayApiEnv(scratch('tunafy-backup-cache-')), log: (line) => apiLines.push(line) });
    apis.push(api);
    const ann = await newUser(api.url, 'ann');
    const bob = await newUser(api.url, 'bob');
    const album = await createAlbum(ann, { album_name: 'Backed Up' });
    const inAlbum = await createSong(ann, { song_name: 'Track One', album_id: album.id, seconds: 3 }).catch((error: Error) => {
      throw new Error(`${error.message} (${String(error.cause)}); the API's output:\n${apiLines.slice(-20).join('\n')}`);
    });
    const single = await createSong(ann, { song_name: 'Single', seconds: 2, cover: coverFile({ seed: 5 }) });
    const bobs = await createSong(bob, { song_name: 'Bob Song', seconds: 2 });
    const hidden = await ann.post('/api/playlists/new', { form: form({ playlist_name: 'Only Mine', private: 'true', playlist_cover_url: coverFile({ seed: 9 }) }) });
    expect(hidden.status).toBe(201);
    const open = await ann.post('/api/playlists/new', { form: form({ playlist_name: 'Everyone', private: 'false' }) });
    for (const song of [inAlbum, single, bobs]) expect((await ann.put(`/api/playlists/${hidden.body.id}/add`, { json: { song_id: song.id } })).status).toBe(200);
    expect((await ann.put(`/api/playlists/${open.body.id}/add`, { json: { song_id: single.id } })).status).toBe(200);
    expect((await ann.post(`/api/collection/${ann.user.id}/new`, { json: { song_id: bobs.id } })).status).toBe(201);
    expect((await bob.post(`/api/collection/${bob.user.id}/new`, { json: { song_id: inAlbum.id } })).status).toBe(201);
    expect((await ann.post('/api/plays', { json: { song_id: inAlbum.id } })).status).toBe(201);
    expect((await bob.post('/api/plays', { json: { song_id: single.id } })).status).toBe(201);
    // A clean backup: no writer while it runs (deploy/README.md, "Backup and restore").
    await api.stop();

    const archive = join(scratch('tunafy-backup-'), 'tunafy.tar');
    const backup = await cli('backup', [archive], source.uri);
    expect(backup.output).toContain('backup written to');
    expect(backup.code).toBe(0);
    expect(statSync(archive).size).toBeGreaterThan(songBytes(3).length);
    const { stdout: listing } = await run('tar', ['-tf', archive]);
    expect(listing.split('\n')).toEqual(expect.arrayContaining(['collections/songs.bson', 'collections/media.files.bson', 'media/SHA256SUMS', 'manifest.json']));

    const restored = await cli('restore', [archive], target.uri);
    expect(restored.output).toContain('restored the backup');
    expect(restored.code).toBe(0);
    // Into a database that now holds data: refused with a clear message, nothing touched.
    const refused = await cli('restore', [archive], target.uri);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not empty \(.*songs 3.*\)\. Restoring replaces everything in it: .*--force/);

    // A damaged or cut archive is refused before anything is written.
    const bytes = readFileSync(archive);
    const inAudio = bytes.indexOf(songBytes(3).subarray(20_000, 20_064));
    expect(inAudio).toBeGreaterThan(0);
    const damaged = join(dirname(archive), 'damaged.tar');
    writeFileSync(damaged, Buffer.concat([bytes.subarray(0, inAudio), Buffer.from([bytes[inAudio]! ^ 0xff]), bytes.subarray(inAudio + 1)]));
    const refusedDamaged = await cli('restore', [damaged, '--force'], target.uri);
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.output).toMatch(/media\/[0-9a-f]{24} is damaged: its SHA-256 is [0-9a-f]{64}, media\/SHA256SUMS says [0-9a-f]{64}/);
    const cut = join(dirname(archive), 'cut.tar');
    writeFileSync(cut, bytes.subarray(0, inAudio - (inAudio % 512)));
    const refusedCut = await cli('restore', [cut, '--force'], target.uri);
    expect(refusedCut.code).toBe(1);
    expect(refusedCut.output).toMatch(/cut\.tar is not a readable tar archive, or it is cut short/);

    const from = sourceClient.db();
    const into = targetClient.db();
    const names = (await from.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name).sort();
    expect(names).toEqual(expect.arrayContaining(['users', 'songs', 'albums', 'playlists', 'playlist_songs', 'likes', 'plays', 'sessions', 'meta', 'media.files', 'media.chunks']));
    expect((await into.listCollections({}, { nameOnly: true }).toArray()).map((info) => info.name).sort()).toEqual(names);
    const compared: string[] = [];
    for (const name of names) {
      if (['meta', 'catalog_changes', 'media.chunks'].includes(name)) continue;
      const [before, after] = await Promise.all([rawDocuments(from, name), rawDocuments(into, name)]);
      expect(after, name).toEqual(before);
      compared.push(`${name} ${before.size}`);
    }
    console.info(`identical byte for byte: ${compared.join(', ')}`);

    const sourceMeta = await from.collection<{ _id: string; rev: number }>('meta').find({}).toArray();
    const targetMeta = new Map((await into.collection<{ _id: string; rev: number }>('meta').find({}).toArray()).map((doc) => [doc._id, doc]));
    expect(sourceMeta.length).toBeGreaterThan(0);
    for (const doc of sourceMeta) expect(targetMeta.get(doc._id), doc._id).toEqual(typeof doc.rev === 'number' ? { ...doc, rev: doc.rev + 1 } : doc);
    const catalogRev = sourceMeta.find((doc) => doc._id === 'catalog')!.rev;
    const [sourceChanges, targetChanges] = await Promise.all([rawDocuments(from, 'catalog_changes'), rawDocuments(into, 'catalog_changes')]);
    const reload = BSON.EJSON.stringify({ $numberInt: String(catalogRev + 1) });
    expect(targetChanges.size).toBe(sourceChanges.size + 1);
    for (const [id, bytes] of sourceChanges) expect(targetChanges.get(id)).toBe(bytes);
    expect(targetChanges.has(reload) || targetChanges.has(BSON.EJSON.stringify({ $numberDouble: String(catalogRev + 1) })) || targetChanges.has(BSON.EJSON.stringify({ $numberLong: String(catalogRev + 1) }))).toBe(true);

    expect(await chunksByFile(into)).toEqual(await chunksByFile(from));
    const files = await from.collection<{ _id: ObjectId; length: number }>('media.files').find({}).toArray();
    // An album cover, three song covers and three songs, a playlist cover.
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const [original, copy] = await Promise.all([download(from, file._id), download(into, file._id)]);
      expect(copy.equals(original), String(file._id)).toBe(true);
    }

    // The restored catalog through a fresh API: log in, see the private playlist, play a song with Range.
    const restoredApi = await startApi({ mongodbUri: target.uri, env: throwawayApiEnv(scratch('tunafy-restore-cache-')) });
    apis.push(restoredApi);
    const again = new ApiClient(restoredApi.url);
    const login = await again.post('/api/auth/login', { json: { email: ann.user.email, password: ann.password } });
    expect(login.status).toBe(200);
    expect((await again.get(`/api/playlists/${hidden.body.id}`)).status).toBe(200);
    expect((await new ApiClient(restoredApi.url).get(`/api/playlists/${hidden.body.id}`)).status).not.toBe(200);
    const audioId = fileId(inAlbum.song_file_url);
    const audio = songBytes(3);
    const ranged = await again.get(`/api/files/${audioId}`, { headers: { range: 'bytes=100-1099' } });
    expect(ranged.status).toBe(206);
    expect(ranged.raw.equals(audio.subarray(100, 1100))).toBe(true);
    expect((await again.get(`/api/me/recently-played`)).body.songs.map((song: { id: string }) => song.id)).toEqual([inAlbum.id]);

    // Restoring again with --force under a running API: it reloads its catalog from the restored data, so a song made
    // after the backup disappears from it and the backed-up ones are there, without a restart.
    const later = await createSong(again, { song_name: 'Made after the backup', seconds: 2 });
    expect((await again.get(`/api/songs/${later.id}`)).status).toBe(200);
    const forced = await cli('restore', [archive, '--force'], target.uri);
    expect(forced.code).toBe(0);
    // The sessions are the archive's too, so this login happens on restored data (the session above is gone).
    const afterForce = new ApiClient(restoredApi.url);
    expect((await afterForce.post('/api/auth/login', { json: { email: ann.user.email, password: ann.password } })).status).toBe(200);
    let status = 200;
    for (const deadline = Date.now() + 15_000; status === 200 && Date.now() < deadline; ) {
      status = (await afterForce.get(`/api/songs/${later.id}`)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(404);
    expect((await afterForce.get(`/api/songs/${single.id}`)).body).toMatchObject({ id: single.id, song_name: 'Single' });
    const head = await afterForce.get(`/api/files/${fileId(single.song_file_url)}`, { headers: { range: 'bytes=0-9' } });
    expect(head.raw.equals(songBytes(2).subarray(0, 10))).toBe(true);
  }, 300_000);
});
