import { randomBytes } from 'node:crypto';
import { artistKey } from '@tunafy/contracts';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artistSortKey } from './artist-sort-key.js';
import { ArtistsRepository } from './artists.repository.js';
import { StartupMigrations } from './startup-migrations.js';

// Against the real engine, in a database of its own: artists stored without a sort key (as before it existed, or by a
// tool) and two replicas' start-up migrations racing over them.

let connections: Connection[] = [];
/** One repository per connection, as two replicas have. */
let replicas: ArtistsRepository[] = [];

beforeAll(async () => {
  const dbName = `artists_${randomBytes(4).toString('hex')}`;
  connections = await Promise.all([0, 1].map(() => mongoose.createConnection(inject('mongodbUri'), { dbName, serverSelectionTimeoutMS: 5000 }).asPromise()));
  replicas = connections.map((connection) => new ArtistsRepository(connection));
});

afterAll(async () => {
  await connections[0]?.db?.dropDatabase().catch(() => undefined);
  await Promise.all(connections.map((connection) => connection.close()));
});

const newId = () => new mongoose.Types.ObjectId();

describe('artists’ sort keys', () => {
  it('are written with every new artist and with a sort name filled in later', async () => {
    const artists = replicas[0]!;
    const id = newId().toHexString();
    await artists.insertIfNew({ id, name: 'The Cure', key: artistKey('The Cure') });
    const stored = () => connections[0]!.db!.collection('artists').findOne({ _id: new mongoose.Types.ObjectId(id) });
    expect((await stored())?.sort_key).toBe(artistSortKey({ name: 'The Cure' }));
    await artists.fillIn(id, { sortName: 'Cure, The' });
    expect((await stored())?.sort_key).toBe(artistSortKey({ name: 'The Cure', sortName: 'Cure, The' }));
    expect((await stored())?.sort_key).not.toBe(artistSortKey({ name: 'The Cure' }));
  });

  it('are filled in once at start-up for artists stored without one, by two replicas at once, and never rewritten', async () => {
    const collection = connections[0]!.db!.collection('artists');
    const raw = [
      { _id: newId(), name: 'Björk', key: artistKey('Björk'), created_at: new Date() },
      { _id: newId(), name: 'The Beatles', key: artistKey('The Beatles'), sort_name: 'Beatles, The', created_at: new Date() },
      { _id: newId(), name: '2Pac', key: artistKey('2Pac'), sort_key: null, created_at: new Date() },
    ];
    await collection.insertMany(raw);
    expect(await collection.countDocuments({ sort_key: null })).toBe(raw.length);

    // Two replicas starting together on one database.
    await Promise.all(replicas.map((artists) => new StartupMigrations(artists).onApplicationBootstrap()));

    const after = await collection.find({ _id: { $in: raw.map((doc) => doc._id) } }).toArray();
    const byId = new Map(after.map((doc) => [doc._id.toHexString(), doc.sort_key]));
    expect(raw.map((doc) => byId.get(doc._id.toHexString()))).toEqual([
      artistSortKey({ name: 'Björk' }),
      artistSortKey({ name: 'The Beatles', sortName: 'Beatles, The' }),
      artistSortKey({ name: '2Pac' }),
    ]);
    // '#' names first, the Beatles under B by their sort name.
    expect(byId.get(raw[2]!._id.toHexString())!.startsWith('0')).toBe(true);
    expect(byId.get(raw[1]!._id.toHexString())!.startsWith('1beatles')).toBe(true);
    expect(await collection.countDocuments({ sort_key: null })).toBe(0);
    // The next start finds nothing to fill.
    expect(await replicas[1]!.fillMissingSortKeys()).toBe(0);
  });
});
