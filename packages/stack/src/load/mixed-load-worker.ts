/**
 * Worker: the mixed read/write load of `runMixedLoad`, in a process of its own
 * so the load generator shares no event loop with the test or the API.
 * Reads a MixedLoadInput as JSON on stdin; prints one MixedLoadResult as JSON
 * on stdout when the time is up.
 *
 * Each virtual user is one logged-in user (its own cookies and CSRF token)
 * issuing one request at a time, with no think time, over a keep-alive
 * connection. Because a user's requests never overlap, the user knows the
 * exact state of its likes and playlist, so every request has one expected
 * status (a like of a song the user does not like is 201, the check of a song
 * it likes is 200, ...), and the final state is known for the consistency check.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { cookieHeader, storeSetCookies } from '../cookie-jar.js';
import type { MixedLoadInput, MixedLoadResult, MixedLoadUser, RequestTypeStats } from './mixed-load-types.js';

const input = JSON.parse(await readStdin()) as MixedLoadInput;
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const base = new URL(input.baseUrl);

interface Reply {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

interface Counters {
  latencies: number[];
  statuses: Record<string, number>;
  unexpected: number;
  networkErrors: number;
  bytes: number;
}
const counters = new Map<string, Counters>();
const samples: string[] = [];
function counter(type: string): Counters {
  let found = counters.get(type);
  if (!found) counters.set(type, (found = { latencies: [], statuses: {}, unexpected: 0, networkErrors: 0, bytes: 0 }));
  return found;
}
function sample(line: string): void {
  if (samples.length < 20) samples.push(line);
}

class VirtualUser {
  private readonly cookies = new Map<string, string>();
  readonly liked = new Set<string>();
  readonly inPlaylist = new Set<string>();
  /** Set when a write's outcome is unknown (network error or an unexpected status): its final state is not checked. */
  uncertain = false;

  constructor(readonly user: MixedLoadUser) {
    for (const [name, value] of Object.entries(user.cookies)) this.cookies.set(name, value);
  }

  /**
   * Adds the song to `held` (a like, a playlist entry) or takes it out, whichever changes it, with the request
   * `{ song_id }`; `held` follows what the server accepted, and a refused or lost write makes the user uncertain.
   */
  async toggle(held: Set<string>, songId: string, requests: Record<'add' | 'remove', [type: string, method: string, path: string, expected: number]>): Promise<void> {
    const adding = !held.has(songId);
    const [type, method, path, expected] = adding ? requests.add : requests.remove;
    if (!(await this.call(type, method, path, expected, { json: { song_id: songId } }))) this.uncertain = true;
    else if (adding) held.add(songId);
    else held.delete(songId);
  }

  /** One request, timed from the first byte sent to the last byte received; counted under `type`. */
  async call(type: string, method: string, path: string, expected: number, options: { json?: unknown; headers?: Record<string, string>; check?: (reply: Reply) => string | undefined } = {}): Promise<boolean> {
    const stats = counter(type);
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', cookie: cookieHeader(this.cookies), ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (method !== 'GET') headers['x-csrf-token'] = this.user.csrfToken;
    const began = performance.now();
    let reply: Reply;
    try {
      reply = await send(method, path, headers, body);
    } catch (error) {
      stats.networkErrors++;
      sample(`${type} ${method} ${path}: ${(error as Error).message}`);
      return false;
    }
    stats.latencies.push(performance.now() - began);
    stats.statuses[reply.status] = (stats.statuses[reply.status] ?? 0) + 1;
    stats.bytes += reply.body.length;
    const setCookie = reply.headers['set-cookie'];
    storeSetCookies(this.cookies, typeof setCookie === 'string' ? [setCookie] : (setCookie ?? []));
    const problem = reply.status !== expected ? `status ${reply.status}, expected ${expected}` : options.check?.(reply);
    if (problem) {
      stats.unexpected++;
      sample(`${type} ${method} ${path}: ${problem}: ${reply.body.subarray(0, 200).toString('utf8')}`);
      return false;
    }
    return true;
  }
}

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, path, method, headers, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The mix: weights are relative; listing songs is what every page of the app does, so it dominates. */
const actions: { weight: number; run: (vu: VirtualUser) => Promise<unknown> }[] = [
  { weight: 24, run: (vu) => vu.call('GET /api/songs', 'GET', '/api/songs', 200) },
  { weight: 6, run: (vu) => vu.call('GET /api/albums', 'GET', '/api/albums', 200) },
  { weight: 6, run: (vu) => vu.call('GET /api/playlists', 'GET', '/api/playlists', 200) },
  { weight: 10, run: (vu) => vu.call('GET /api/songs/:id', 'GET', `/api/songs/${pick(input.songs).id}`, 200) },
  {
    weight: 8,
    run: (vu) => {
      const song = pick(input.songs);
      return vu.call('GET liked/:song', 'GET', `/api/collection/${vu.user.id}/liked/${song.id}`, vu.liked.has(song.id) ? 200 : 404);
    },
  },
  {
    weight: 10,
    run: (vu) =>
      vu.toggle(vu.liked, pick(input.songs).id, {
        add: ['POST like', 'POST', `/api/collection/${vu.user.id}/new`, 201],
        remove: ['DELETE unlike', 'DELETE', `/api/collection/${vu.user.id}/delete`, 200],
      }),
  },
  {
    weight: 10,
    run: (vu) =>
      vu.toggle(vu.inPlaylist, pick(input.songs).id, {
        add: ['PUT playlist add', 'PUT', `/api/playlists/${vu.user.playlistId}/add`, 200],
        remove: ['DELETE playlist remove', 'DELETE', `/api/playlists/${vu.user.playlistId}/remove`, 200],
      }),
  },
  { weight: 10, run: (vu) => vu.call('GET cover', 'GET', `/api/files/${pick(input.songs).coverFileId}`, 200) },
  {
    weight: 8,
    run: (vu) => {
      const song = pick(input.songs);
      const start = Math.floor(song.audioBytes / 2);
      return vu.call('GET audio Range', 'GET', `/api/files/${song.audioFileId}`, 206, {
        headers: { range: `bytes=${start}-` },
        check: (reply) => (reply.body.length === song.audioBytes - start ? undefined : `${reply.body.length} bytes, expected ${song.audioBytes - start}`),
      });
    },
  },
  { weight: 8, run: (vu) => vu.call('GET /api/search', 'GET', `/api/search?q=${encodeURIComponent(pick(input.searchTerms))}`, 200) },
];
const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
function nextAction(): (vu: VirtualUser) => Promise<unknown> {
  let roll = Math.random() * totalWeight;
  for (const action of actions) {
    roll -= action.weight;
    if (roll < 0) return action.run;
  }
  return actions[0]!.run;
}

const users = input.users.map((user) => new VirtualUser(user));
const began = performance.now();
const deadline = began + input.durationSeconds * 1000;
await Promise.all(
  users.map(async (vu) => {
    while (performance.now() < deadline) await nextAction()(vu);
  }),
);
const seconds = (performance.now() - began) / 1000;
agent.destroy();

const types: RequestTypeStats[] = [...counters].map(([type, stats]) => {
  const sorted = stats.latencies.sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN);
  const fiveHundreds = Object.entries(stats.statuses).reduce((sum, [status, count]) => sum + (Number(status) >= 500 ? count : 0), 0);
  return {
    type,
    requests: stats.latencies.length + stats.networkErrors,
    p50Ms: at(50),
    p99Ms: at(99),
    maxMs: sorted.length ? sorted[sorted.length - 1]! : NaN,
    statuses: stats.statuses,
    serverErrors: fiveHundreds,
    unexpected: stats.unexpected,
    networkErrors: stats.networkErrors,
    bytes: stats.bytes,
  };
});
const output: MixedLoadResult = {
  seconds,
  virtualUsers: users.length,
  types: types.sort((a, b) => b.requests - a.requests),
  samples,
  finalState: users.map((vu) => ({ userId: vu.user.id, liked: [...vu.liked], playlist: [...vu.inPlaylist], uncertain: vu.uncertain })),
};
console.log(JSON.stringify(output));

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
