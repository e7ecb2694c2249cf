import { Agent, request } from 'node:http';
import { startApi } from '@tunafy/stack';
import { describe, expect, inject, it } from 'vitest';
import { SESSION_COOKIE } from '../common/session-cookie.js';
import { newUser } from '../test/api-client.js';

const mongodbUri = inject('mongodbUri');
const apiEnv = inject('apiEnv');

/**
 * What became of one request: answered in full, cut after its answer had started (the failure draining
 * must prevent), or never answered (refused or reset while connecting: the server had stopped accepting,
 * so nothing was done for it and a client may retry).
 */
type Outcome = { kind: 'answered'; status: number } | { kind: 'cut'; error: string } | { kind: 'unanswered'; error: string };

/** One GET on a keep-alive agent, read to the end. */
function get(url: string, agent: Agent, cookie: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.complete ? { kind: 'answered', status: res.statusCode! } : { kind: 'cut', error: 'incomplete body' }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'cut', error: error.code ?? error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ kind: 'unanswered', error: error.code ?? error.message }));
    req.end();
  });
}

describe('stopping the API', () => {
  it('ends within the grace period under steady keep-alive load, without failing a request it accepted', async () => {
    // A grace period far above what draining needs: ending fast proves the connections were drained, not cut.
    const output: string[] = [];
    const api = await startApi({ mongodbUri, env: { ...apiEnv, SHUTDOWN_GRACE_MS: '30000' }, log: (line) => output.push(line) });
    const user = await newUser(api.url, 'drainer');
    const cookie = `${SESSION_COOKIE}=${user.cookie(SESSION_COOKIE)!}`;
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Outcome[] = [];
    let stopped = false;
    const exited = new Promise<number | null>((resolve) => api.child.once('exit', resolve));
    const client = async () => {
      while (!stopped) outcomes.push(await get(`${api.url}/api/songs?limit=5`, agent, cookie));
    };
    const clients = Array.from({ length: 8 }, client);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const servedBefore = outcomes.filter((outcome) => outcome.kind === 'answered').length;
      const signalledAt = Date.now();
      api.child.kill('SIGTERM');
      const code = await exited;
      const tookMs = Date.now() - signalledAt;
      stopped = true;
      await Promise.all(clients);

      expect(servedBefore).toBeGreaterThan(0);
      expect(code).toBe(0);
      expect(tookMs).toBeLessThan(10_000);
      // Every answer that started was finished, and was a success; what failed never got an answer at all.
      expect(outcomes.filter((outcome) => outcome.kind === 'cut')).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.kind === 'answered' && outcome.status !== 200)).toEqual([]);
      expect(outcomes.filter((outcome) => outcome.kind === 'answered').length).toBeGreaterThan(servedBefore);
      // Nothing ran into the closed database ("client was closed") or failed otherwise on the way down.
      expect(output.filter((line) => /"level":"(error|fatal)"|"level":(50|60)\b|client was closed/.test(line))).toEqual([]);
    } finally {
      stopped = true;
      agent.destroy();
      await api.stop();
    }
  });
});
