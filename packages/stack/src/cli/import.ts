/**
 * `npm run import -- --user <email> <folder>`: imports a folder of music as
 * that user's songs (docs/import.md). Like `npm run seed`, it uses MONGODB_URI
 * when set, else the development engine (the one a running `npm start`
 * serves, found by its lock file), and runs the API's own import code.
 * Relative folders are taken from where npm was started, not from the repo.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { IMPORT_NODE_FLAGS } from '../api-process.js';
import { runNodeScript } from '../node-script.js';
import { startDatabase } from '../database.js';
import { devEnvironment } from '../dev-environment.js';
import { repoRoot } from '../paths.js';

const args = process.argv.slice(2);
const from = process.env.INIT_CWD ?? process.cwd();
// The folder is the one argument that is not an option or an option's value.
const resolved = args.map((arg, index) => {
  const previous = args[index - 1];
  const isValue = previous === '--user' || previous === '--concurrency';
  return arg.startsWith('-') || isValue || isAbsolute(arg) ? arg : resolve(from, arg);
});

const database = await startDatabase({ mode: 'dev', log: (line) => console.log(`[db] ${line}`) });
try {
  process.exitCode = await runNodeScript(join(repoRoot(), 'services/api/dist/import-cli.js'), { ...devEnvironment(), MONGODB_URI: database.uri }, resolved, IMPORT_NODE_FLAGS);
} finally {
  await database.stop();
}
