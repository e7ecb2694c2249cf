import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { noteRevisionWritten, revisionWanted } from '../catalog/read-your-writes.js';
import { CATALOG_REVISION_COOKIE, readYourWrites, revisionFromCookie } from './read-your-writes.js';

describe('revisionFromCookie', () => {
  it('reads the revision among other cookies, and nothing else', () => {
    expect(revisionFromCookie(undefined)).toBe(0);
    expect(revisionFromCookie('tunafy.sid=s%3Aabc')).toBe(0);
    expect(revisionFromCookie(`${CATALOG_REVISION_COOKIE}=42`)).toBe(42);
    expect(revisionFromCookie(`tunafy.sid=s%3Aabc; ${CATALOG_REVISION_COOKIE}=1234; other=1`)).toBe(1234);
    // Not a number, a look-alike name, or absurdly long: ignored rather than trusted.
    expect(revisionFromCookie(`${CATALOG_REVISION_COOKIE}=12x`)).toBe(0);
    expect(revisionFromCookie(`x${CATALOG_REVISION_COOKIE}=7`)).toBe(0);
    expect(revisionFromCookie(`tunafyXrev=7`)).toBe(0);
    expect(revisionFromCookie(`${CATALOG_REVISION_COOKIE}=${'9'.repeat(40)}`)).toBe(0);
  });
});

describe('readYourWrites', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  /** An app whose GET answers what it was asked to see and whose POST notes the revision in `?wrote=`. */
  async function serve(): Promise<string> {
    const app = express();
    app.use(readYourWrites({ secure: false }));
    app.get('/api/read', (_req, res) => {
      res.json({ wanted: revisionWanted() });
    });
    app.post('/api/write', async (req, res) => {
      // After an await, as a service's record() notes it: the request's context must survive it.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const wrote = Number(req.query.wrote);
      if (wrote > 0) noteRevisionWritten(wrote);
      res.cookie('other', '1');
      res.json({ ok: true });
    });
    const server = createServer(app as (req: IncomingMessage, res: ServerResponse) => void);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('hands a write’s revision to the client, and tells a later read what it must see', async () => {
    const url = await serve();
    const wrote = await fetch(`${url}/api/write?wrote=17`, { method: 'POST', headers: { cookie: `${CATALOG_REVISION_COOKIE}=9` } });
    const cookies = wrote.headers.getSetCookie();
    expect(cookies).toContain('other=1; Path=/');
    expect(cookies).toContain(`${CATALOG_REVISION_COOKIE}=17; Max-Age=60; Path=/api; HttpOnly; SameSite=Lax`);

    // The client's cookie is newer than this write's revision (its earlier write went through another replica): kept.
    const older = await fetch(`${url}/api/write?wrote=5`, { method: 'POST', headers: { cookie: `${CATALOG_REVISION_COOKIE}=9` } });
    expect(older.headers.getSetCookie()).toContain(`${CATALOG_REVISION_COOKIE}=9; Max-Age=60; Path=/api; HttpOnly; SameSite=Lax`);

    const read = await fetch(`${url}/api/read`, { headers: { cookie: `tunafy.sid=x; ${CATALOG_REVISION_COOKIE}=17` } });
    expect(await read.json()).toEqual({ wanted: 17 });
    expect(read.headers.getSetCookie()).toEqual([]);
  });

  it('sets nothing when the request wrote nothing, and asks nothing without the cookie', async () => {
    const url = await serve();
    const write = await fetch(`${url}/api/write`, { method: 'POST' });
    expect(write.headers.getSetCookie()).toEqual(['other=1; Path=/']);
    expect(await (await fetch(`${url}/api/read`)).json()).toEqual({ wanted: 0 });
    expect(revisionWanted()).toBe(0);
  });
});
