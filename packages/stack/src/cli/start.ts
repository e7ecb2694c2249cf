/**
 * `npm start`: the whole app on one machine. Picks a database (MONGODB_URI, a
 * local mongod, or the embedded FerretDB engine), runs the built API on an
 * internal port and the gateway on PORT (default 8080): the shell at /, each
 * built remote under its own path (/mf-auth/, ...), the API at /api. Data
 * stays in .data/ between runs.
 */
import { startApi } from '../api-process.js';
import { startDatabase } from '../database.js';
import { devEnvironment } from '../dev-environment.js';
import { frontendApps, startGateway } from '../gateway.js';

const port = Number(process.env.PORT ?? 8080);
const database = await startDatabase({ mode: 'dev', log: (line) => console.log(`[db] ${line}`) });
console.log(`[db] ${database.engine} at ${database.uri}`);

const api = await startApi({
  mongodbUri: database.uri,
  // The API itself listens on a free loopback port; only the gateway faces the browser.
  // The gateway is one more proxy hop: counting it lets rate limits see the client's address.
  env: { ...devEnvironment(), TRUST_PROXY: String(Number(process.env.TRUST_PROXY ?? 0) + 1), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  log: (line) => console.log(`[api] ${line}`),
  // The first start on an empty database loads the demo catalog (generated audio) before listening.
  timeoutMs: 10 * 60_000,
});

const gateway = await startGateway({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  apiUrl: api.url,
  apps: frontendApps(),
  log: (line) => console.log(`[gateway] ${line}`),
});

console.log(`
  Tunafy is running at http://localhost:${port}
    API         http://localhost:${port}/api
    API docs    http://localhost:${port}/api/docs
    Remotes     ${gateway.remotes.map((remote) => remote.name).join(', ') || 'none built'}
    Demo login  demo@tunafy.app / tunafy-demo
  Press Ctrl-C to stop.
`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await gateway.stop();
  await api.stop();
  await database.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
api.child.once('exit', (code) => {
  if (stopping) return;
  console.error(`[api] exited with code ${code}`);
  void gateway.stop().then(() => database.stop()).then(() => process.exit(1));
});
