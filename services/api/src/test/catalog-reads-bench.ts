/**
 * `node --import tsx services/api/src/test/catalog-reads-bench.ts [--engine ferretdb-postgresql] [--songs 100000]`
 * (docs/scaling.md): the catalog read port's MongoDB adapter on a generated catalog — each read's time (median of
 * 5) and, for every command it sends, what the engine's explain says: on MongoDB the plan's stages (IXSCAN or
 * COLLSCAN, a SORT in memory or not), on FerretDB the pushdown flags and, over PostgreSQL, the scan nodes of its SQL.
 * Prints figures, asserts nothing.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startDatabase } from '@tunafy/stack';
import { MongoClient, ObjectId, type CommandStartedEvent, type Document } from 'mongodb';
import { MongoCatalogReads } from '../catalog/reads/mongo-catalog-reads.js';
import { packLoudness } from '../persistence/loudness-values.js';

const { values } = parseArgs({ options: { songs: { type: 'string', default: '100000' }, engine: { type: 'string', default: 'ferretdb-postgresql' } } });
const SONGS = Number(values.songs);
const BATCH = 5000;

const database = await startDatabase({ mode: 'test', engine: values.engine as 'ferretdb-sqlite' | 'ferretdb-postgresql', durable: false });
const client = await MongoClient.connect(database.uri, { monitorCommands: true });
const db = client.db();
const sent: CommandStartedEvent[] = [];
client.on('commandStarted', (event) => sent.push(event));

try {
  const t0 = performance.now();
  const users = Array.from({ length: 100 }, () => new ObjectId());
  // One album in ten names one of ten album artists; the rest name none (their owners stand in on Subsonic).
  const albumArtists = Array.from({ length: 10 }, () => new ObjectId());
  const albums = Array.from({ length: Math.max(1, SONGS / 10) }, (_, n) => ({
    _id: new ObjectId(), album_name: `Album ${n}`, artist_id: users[n % users.length]!, cover_file_id: new ObjectId(), created_at: new Date(),
    ...(n % 10 === 0 ? { album_artist_id: albumArtists[(n / 10) % albumArtists.length]! } : {}),
  }));
  for (let at = 0; at < albums.length; at += BATCH) await db.collection('albums').insertMany(albums.slice(at, at + BATCH));
  const songIds: ObjectId[] = [];
  for (let at = 0; at < SONGS; at += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, SONGS - at) }, (_, i) => {
      const n = at + i;
      const _id = new ObjectId();
      songIds.push(_id);
      return { _id, song_name: `Song ${n}`, artist_id: users[n % users.length]!, album_id: albums[n % albums.length]!._id, cover_file_id: new ObjectId(), audio_file_id: new ObjectId(), duration: 200, plays: 0, created_at: new Date(), track: Math.floor(n / albums.length) + 1, genre: `Genre ${n % 50}` };
    });
    await db.collection('songs').insertMany(batch);
  }
  const playlists = Array.from({ length: 1000 }, (_, n) => ({ _id: new ObjectId(), playlist_name: `List ${n}`, description: null, private: n % 2 === 1, creator_id: users[n % users.length]!, cover_file_id: null, created_at: new Date() }));
  await db.collection('playlists').insertMany(playlists);
  const big = playlists[0]!._id;
  await db.collection('playlist_songs').insertMany(songIds.slice(0, 1000).map((song_id, n) => ({ _id: new ObjectId(), playlist_id: big, song_id, added_at: new Date(), ...(n >= 500 ? { position: `a${String(n).padStart(4, '0')}` } : {}) })));
  await db.collection('likes').insertMany(songIds.slice(0, 1000).map((song_id) => ({ _id: new ObjectId(), user_id: users[0]!, song_id, liked_at: new Date() })));
  // What the repositories declare (mongoose autoIndex), then what the adapter adds.
  await db.collection('songs').createIndexes([{ key: { artist_id: 1 } }, { key: { album_id: 1 } }]);
  await db.collection('albums').createIndexes([{ key: { artist_id: 1 } }]);
  await db.collection('playlists').createIndexes([{ key: { creator_id: 1 } }]);
  await db.collection('playlist_songs').createIndexes([{ key: { playlist_id: 1, song_id: 1 }, unique: true }, { key: { song_id: 1 } }]);
  await db.collection('likes').createIndexes([{ key: { user_id: 1, song_id: 1 }, unique: true }, { key: { song_id: 1 } }]);
  const reads = new MongoCatalogReads(() => db, packLoudness);
  await reads.ensureIndexes();
  console.log(`${database.engine}: ${SONGS} songs, ${albums.length} albums, 1000 playlists, 1000 entries and 1000 likes seeded in ${Math.round(performance.now() - t0)} ms; load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);

  const middle = songIds[Math.floor(SONGS / 2)]!.toHexString();
  const firstEntries = await reads.playlistEntries(big.toHexString(), { limit: 600 });
  const shapes: [string, () => Promise<unknown>][] = [
    ['songsPage first 50', () => reads.songsPage({ limit: 50 })],
    ['songsPage after a cursor mid-list', () => reads.songsPage({ limit: 50, afterId: middle })],
    ['song by id', () => reads.song(middle)],
    ['albumSongs', () => reads.albumSongs(albums[7]!._id.toHexString(), { limit: 50 })],
    ['visiblePlaylistsPage (viewer)', () => reads.visiblePlaylistsPage(users[3]!.toHexString(), { limit: 50 })],
    ['playlistEntries first 50 (unkeyed run)', () => reads.playlistEntries(big.toHexString(), { limit: 50 })],
    ['playlistEntries after a keyed cursor', () => reads.playlistEntries(big.toHexString(), { limit: 50, afterId: firstEntries!.nextAfterId! })],
    ['likesPage first 50', () => reads.likesPage(users[0]!.toHexString(), { limit: 50 })],
    ['likesPage after a cursor', () => reads.likesPage(users[0]!.toHexString(), { limit: 50, afterId: firstEntries!.items[300]!.id })],
    // Subsonic's whole-catalog lists.
    ['newestAlbumsPage first 50', () => reads.newestAlbumsPage({ limit: 50 })],
    ['newestAlbumsPage after a cursor', () => reads.newestAlbumsPage({ limit: 50, afterId: albums[Math.floor(albums.length / 2)]!._id.toHexString() })],
    ['creatorPlaylistsPage (own)', () => reads.creatorPlaylistsPage(users[3]!.toHexString(), users[3]!.toHexString(), {})],
    ['albumArtistAlbums', () => reads.albumArtistAlbums(albumArtists[1]!.toHexString(), 10_000)],
    ['unattributedAlbums of an owner', () => reads.unattributedAlbums(users[1]!.toHexString(), 10_000)],
    ['unattributedAlbumOwners', () => reads.unattributedAlbumOwners()],
    ['genreAlbums', () => reads.genreAlbums('Genre 7')],
  ];
  for (const [name, read] of shapes) {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      sent.length = 0;
      const started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const commands = sent.filter((event) => ['find', 'count', 'aggregate', 'distinct'].includes(event.commandName));
    console.log(`\n${name}: median ${times[2]!.toFixed(1)} ms, ${sent.length} commands`);
    // One line per query shape (ids read as "id"): a look-up per owner or album is one shape sent many times.
    const shapesSent = new Map<string, { command: Document; times: number }>();
    for (const event of commands) {
      const shape = shapesSent.get(describe(event.command)) ?? { command: event.command, times: 0 };
      shape.times++;
      shapesSent.set(describe(event.command), shape);
    }
    for (const [shape, { command, times }] of shapesSent) console.log(`  ${shape}${times > 1 ? ` (×${times})` : ''}\n    ${await explain(command)}`);
  }
} finally {
  await client.close();
  await database.stop();
}

function describe(command: Document): string {
  const name = Object.keys(command)[0]!;
  const filter = JSON.stringify(command.filter ?? command.query ?? command.pipeline?.[0]?.$match ?? {}).replace(/\{"\$oid":"[0-9a-f]+"\}|"[0-9a-f]{24}"/g, 'id');
  return `${name} ${command[name]} ${filter}${command.sort ? ` sort ${JSON.stringify(command.sort instanceof Map ? Object.fromEntries(command.sort) : command.sort)}` : ''}${command.limit ? ` limit ${command.limit}` : ''}`;
}

/** The engine's own account of a command: stages on MongoDB, pushdown and PostgreSQL scan nodes on FerretDB. */
async function explain(command: Document): Promise<string> {
  const { lsid: _lsid, $db: _db, $clusterTime: _time, ...plain } = command;
  const answer = await db.command({ explain: plain, verbosity: 'queryPlanner' }).catch((error: Error) => ({ error: error.message }));
  if ('error' in answer) return `explain refused: ${answer.error as string}`;
  const flags = Object.entries(answer).filter(([key]) => /pushdown/i.test(key)).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  const nodes = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.stage === 'string') nodes.add(`${record.stage}${record.indexName ? `(${record.indexName as string})` : ''}`);
    if (typeof record['Node Type'] === 'string') nodes.add(`${record['Node Type'] as string}${record['Index Name'] ? `(${record['Index Name'] as string})` : ''}`);
    for (const value of Object.values(record)) walk(value);
  };
  walk(answer.queryPlanner);
  return `${flags.join(' ') || 'no pushdown flags'}; plan: ${[...nodes].join(' > ') || 'none given'}`;
}
