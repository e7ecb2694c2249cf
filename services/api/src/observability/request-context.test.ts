import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentRequestId, requestContext, requestIdFrom } from './request-context.js';
import { RequestAwareLogger } from './request-logger.js';

describe('request ids', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps safe ids and replaces anything else with a UUID', () => {
    expect(requestIdFrom('6f1c2a9be0d84b7c9a0e1f2d3c4b5a69')).toBe('6f1c2a9be0d84b7c9a0e1f2d3c4b5a69');
    expect(requestIdFrom('client-1.trace:42')).toBe('client-1.trace:42');
    for (const unsafe of [undefined, ['a', 'b'], 'short', 'has space 12345', 'quote"12345678', 'x'.repeat(129), '-leading-dash']) {
      expect(requestIdFrom(unsafe as string | undefined)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("puts the request's id on every line Nest's loggers write while it runs, through awaits and a JSON body", async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    const logger = new RequestAwareLogger('Test', { json: true });
    const app = express();
    app.use(requestContext);
    app.use(express.json());
    app.post('/work', async (_req, res) => {
      logger.log('before an await');
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.warn('after an await');
      res.json({ seen: currentRequestId() });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/work`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-request-id': 'abcdef0123456789' }, body: '{"a":1}' });
      expect(await response.json()).toEqual({ seen: 'abcdef0123456789' });
      expect(response.headers.get('x-request-id')).toBe('abcdef0123456789');
    } finally {
      server.close();
    }
    logger.log('outside any request');
    const lines = written.filter((chunk) => chunk.includes('"context":"Test"')).map((chunk) => JSON.parse(chunk) as { message: string; request_id?: string });
    expect(lines).toEqual([
      expect.objectContaining({ message: 'before an await', request_id: 'abcdef0123456789' }),
      expect.objectContaining({ message: 'after an await', request_id: 'abcdef0123456789' }),
      expect.not.objectContaining({ request_id: expect.anything() }),
    ]);
  });
});
