/**
 * `npm run rescan [-- --restart] [--concurrency N]`: credits the artists of songs stored before credited artists
 * existed, from their files' tags (docs/artists.md). Like `npm run import`, it uses MONGODB_URI when set, else the
 * development engine (the one a running `npm start` serves), and runs the API's own code.
 */
import { join } from 'node:path';
import { runNodeScript } from '../node-script.js';
import { startDatabase } from '../database.js';
import { devEnvironment } from '../dev-environment.js';
import { repoRoot } from '../paths.js';

const database = await startDatabase({ mode: 'dev', log: (line) => console.log(`[db] ${line}`) });
try {
  process.exitCode = await runNodeScript(join(repoRoot(), 'services/api/dist/rescan-cli.js'), { ...devEnvironment(), MONGODB_URI: database.uri }, process.argv.slice(2));
} finally {
  await database.stop();
}
