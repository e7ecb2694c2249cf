/**
 * `npm run seed`: reloads the demo catalog into the development database
 * (only what is missing is created). Beside a running `npm start` it uses
 * the engine already serving `.data/` (startDatabase finds it by its lock
 * file) instead of starting a second one on the same folder.
 */
import { runNodeScript } from '../node-script.js';
import { startDatabase } from '../database.js';
import { devEnvironment } from '../dev-environment.js';
import { repoRoot } from '../paths.js';
import { join } from 'node:path';

const database = await startDatabase({ mode: 'dev', log: (line) => console.log(`[db] ${line}`) });
try {
  const code = await runNodeScript(join(repoRoot(), 'services/api/dist/seed-cli.js'), { ...devEnvironment(), MONGODB_URI: database.uri });
  process.exitCode = code;
} finally {
  await database.stop();
}
