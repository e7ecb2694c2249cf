/**
 * `npm start`: the whole app on one machine. Picks a database (MONGODB_URI, a
 * local mongod, or the embedded FerretDB engine), runs the built API on an
 * internal port and the gateway on PORT (default 8080): the shell at /, each
 * built remote under its own path (/mf-auth/, ...), the API at /api. Data
 * stays in .data/ between runs (TUNAFY_DATA_DIR puts the database elsewhere).
 * A database engine or API that dies is started again (see Supervisor).
 */
import { join } from 'node:path';
import { startApi, type StartApiOptions } from '../api-process.js';
import { startDatabase } from '../database.js';
import { devEnvironment } from '../dev-environment.js';
import { frontendApps, startGateway } from '../gateway.js';
import { Supervisor } from '../supervisor.js';

const port = Number(process.env.PORT ?? 8080);
const dataDir = process.env.TUNAFY_DATA_DIR;
/** Set by the first Ctrl-C (or SIGTERM, or the supervisor giving up); from then on every process is meant to end. */
let stopping = false;
// A terminal's Ctrl-C reaches the whole process group: the engine gets it too and exits on its own, before stop()
// asks it to. That exit is expected then, not a crash to report.
const database = await startDatabase({
  mode: 'dev',
  dataDir: dataDir && join(dataDir, 'db'),
  log: (line) => {
    if (!stopping) console.log(`[db] ${line}`);
  },
});
console.log(`[db] ${database.engine} at ${database.uri}`);

const apiOptions: StartApiOptions = {
  mongodbUri: database.uri,
  // The API itself listens on a free loopback port; only the gateway faces the browser.
  // The gateway is one more proxy hop: counting it lets rate limits see the client's address.
  env: { ...devEnvironment(), TRUST_PROXY: String(Number(process.env.TRUST_PROXY ?? 0) + 1), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  log: (line) => console.log(`[api] ${line}`),
  // The first start on an empty database loads the demo catalog (generated audio) before listening; a big
  // catalog is loaded into memory before listening too.
  timeoutMs: 30 * 60_000,
};
let api = await startApi(apiOptions);

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

async function stop(reason: string, code: number) {
  if (stopping) return;
  stopping = true;
  supervisor.stop();
  console.log(`\n${reason}: stopping…`);
  await gateway.stop();
  await api.stop();
  await database.stop();
  process.exit(code);
}

const supervisor = new Supervisor({
  log: (line) => console.log(`[supervisor] ${line}`),
  giveUp: (reason) => {
    console.error(`[supervisor] ${reason}`);
    void stop('giving up', 1);
  },
});
if (database.alive && database.recover) {
  const { alive, recover } = database;
  // Same port and data: the API's driver reconnects by itself, answering 503 meanwhile.
  supervisor.watch({ name: `the database engine (${database.engine})`, alive, restart: recover });
}
supervisor.watch({
  name: 'the API',
  alive: () => api.child.exitCode === null && api.child.signalCode === null,
  // Same port: the gateway keeps proxying to the address it knows.
  restart: async () => {
    api = await startApi({ ...apiOptions, port: api.port });
  },
});
process.on('SIGINT', () => void stop('SIGINT', 0));
process.on('SIGTERM', () => void stop('SIGTERM', 0));
