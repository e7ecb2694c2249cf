/**
 * `npm start`: the whole app on one machine. Picks a database (MONGODB_URI, a
 * local mongod, or the embedded FerretDB engine), runs the built API on PORT
 * (default 8080) and keeps data in .data/ between runs.
 */
import { startApi } from '../api-process.js';
import { startDatabase } from '../database.js';
import { devEnvironment } from '../dev-environment.js';

const port = Number(process.env.PORT ?? 8080);
const database = await startDatabase({ mode: 'dev', log: (line) => console.log(`[db] ${line}`) });
console.log(`[db] ${database.engine} at ${database.uri}`);

const api = await startApi({
  mongodbUri: database.uri,
  port,
  env: { ...devEnvironment(), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  log: (line) => console.log(`[api] ${line}`),
  // The first start on an empty database generates and loads the demo catalog (about a minute).
  timeoutMs: 10 * 60_000,
});

console.log(`
  Tunafy is running at http://localhost:${port}
    API         http://localhost:${port}/api
    API docs    http://localhost:${port}/api/docs
    Demo login  demo@tunafy.app / tunafy-demo
  Press Ctrl-C to stop.
`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await api.stop();
  await database.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
api.child.once('exit', (code) => {
  if (stopping) return;
  console.error(`[api] exited with code ${code}`);
  void database.stop().then(() => process.exit(1));
});
