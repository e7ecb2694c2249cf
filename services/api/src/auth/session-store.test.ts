import { randomUUID } from 'node:crypto';
import type { SessionData } from 'express-session';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { StoredRevision, type RevisionDocument } from '../database/stored-revision.js';
import { createSessionStore, type SessionStore } from './session-store.js';

let connection: Connection;

beforeAll(async () => {
  connection = await mongoose.createConnection(inject('mongodbUri')).asPromise();
});

afterAll(async () => {
  await connection?.close();
});

/** Two "replicas": stores on one collection sharing a revision key, each with its own memory. */
function replicas(recheckMs: number): [SessionStore, SessionStore] {
  const key = `sessions-test-${randomUUID()}`;
  const make = () => createSessionStore(connection, new StoredRevision(() => connection.db!.collection<RevisionDocument>('meta'), key, () => recheckMs));
  return [make(), make()];
}

const sessions = () => connection.db!.collection<{ _id: string }>('sessions');

function sessionFor(username: string, expires = new Date(Date.now() + 60_000)): SessionData {
  return { cookie: { originalMaxAge: 60_000, expires, httpOnly: true, path: '/' }, passport: { user: { id: 'u1', username } } } as unknown as SessionData;
}

const call = <T>(run: (done: (error: unknown, value?: T) => void) => void) =>
  new Promise<T | undefined>((resolve, reject) => run((error, value) => (error ? reject(error as Error) : resolve(value))));
const get = (store: SessionStore, sid: string) => call<SessionData | null>((done) => store.get(sid, done));
const set = (store: SessionStore, sid: string, data: SessionData) => call<void>((done) => store.set(sid, data, done));
const touch = (store: SessionStore, sid: string, data: SessionData) => call<void>((done) => store.touch(sid, data, done));
const destroy = (store: SessionStore, sid: string) => call<void>((done) => store.destroy(sid, done));

describe('SessionStore', () => {
  it('serves a session it has read from memory, as a fresh copy each time', async () => {
    const [store] = replicas(60_000);
    const sid = randomUUID();
    await set(store, sid, sessionFor('ana'));
    const first = await get(store, sid);
    expect(first).toMatchObject({ passport: { user: { username: 'ana' } } });
    // Gone from the database behind the store's back: the cached copy still answers (no read per request) ...
    await sessions().deleteOne({ _id: sid });
    const second = await get(store, sid);
    expect(second).toEqual(first);
    // ... and express-session's in-place changes to one copy never reach the next.
    (second as unknown as { passport: { user: { username: string } } }).passport.user.username = 'changed';
    expect(await get(store, sid)).toMatchObject({ passport: { user: { username: 'ana' } } });
  });

  it('ends a session at once on the replica that destroys it and within the recheck interval on the others', async () => {
    const [here, there] = replicas(300);
    const sid = randomUUID();
    await set(here, sid, sessionFor('bo'));
    expect(await get(here, sid)).not.toBeNull();
    expect(await get(there, sid)).not.toBeNull();

    await destroy(here, sid);
    expect(await get(here, sid)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await get(there, sid)).toBeNull();
    expect(await sessions().countDocuments({ _id: sid })).toBe(0);
  });

  it('keeps its copy across the touches express-session makes on every request, and reloads after a real one', async () => {
    const [store] = replicas(60_000);
    const sid = randomUUID();
    await set(store, sid, sessionFor('gu'));
    const read = (await get(store, sid))!;
    // A touch within touchAfter writes nothing, so the copy stays: no database read per request.
    await touch(store, sid, read);
    await sessions().updateOne({ _id: sid }, { $set: { 'session.passport.user.username': 'gu-behind-our-back' } });
    expect(await get(store, sid)).toMatchObject({ passport: { user: { username: 'gu' } } });
    // A touch past touchAfter writes the document, and the store reads it again afterwards.
    await touch(store, sid, { ...read, lastModified: new Date(Date.now() - 25 * 60 * 60 * 1000) } as SessionData);
    expect(await get(store, sid)).toMatchObject({ passport: { user: { username: 'gu-behind-our-back' } } });
  });

  it('reloads after a write, so a changed session is never served stale', async () => {
    const [store] = replicas(60_000);
    const sid = randomUUID();
    await set(store, sid, sessionFor('cy'));
    expect(await get(store, sid)).toMatchObject({ passport: { user: { username: 'cy' } } });
    await set(store, sid, sessionFor('cy-renamed'));
    expect(await get(store, sid)).toMatchObject({ passport: { user: { username: 'cy-renamed' } } });
  });

  it('never answers an expired session, cached or not', async () => {
    const [store] = replicas(60_000);
    const sid = randomUUID();
    await set(store, sid, sessionFor('di', new Date(Date.now() + 200)));
    expect(await get(store, sid)).not.toBeNull();
    expect(await store.peek(sid)).toMatchObject({ passport: { user: { username: 'di' } } });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await get(store, sid)).toBeNull();
    expect(await store.peek(sid)).toBeNull();

    const stale = randomUUID();
    await sessions().insertOne({ _id: stale, session: sessionFor('ed'), expires: new Date(Date.now() - 1000) } as never);
    expect(await get(store, stale)).toBeNull();
    expect(await store.peek(stale)).toBeNull();
  });

  it('does not cache a read that raced a write of the same session', async () => {
    const [store] = replicas(60_000);
    const sid = randomUUID();
    await set(store, sid, sessionFor('fa'));
    // Force the interleaving: the old document is read, and the write completes before the read returns.
    const collection = await store.collectionP;
    const findOne = collection.findOne.bind(collection);
    collection.findOne = (async (...args: Parameters<typeof findOne>) => {
      const doc = await findOne(...args);
      collection.findOne = findOne;
      await set(store, sid, sessionFor('fa-after'));
      return doc;
    }) as typeof collection.findOne;
    // The request already under way still sees what it read ...
    expect(await get(store, sid)).toMatchObject({ passport: { user: { username: 'fa' } } });
    // ... but the store did not keep it: the next request sees the write.
    expect(await get(store, sid)).toMatchObject({ passport: { user: { username: 'fa-after' } } });
  });
});
