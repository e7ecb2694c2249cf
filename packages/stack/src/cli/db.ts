// Runs the development database on its own (`npx tsx packages/stack/src/cli/db.ts`),
// for working on the API with a debugger or a GUI client attached.
import { startDatabase } from '../database.js';

const database = await startDatabase({ mode: 'dev', log: (line) => console.log(line) });
console.log(`MONGODB_URI=${database.uri}`);
console.log('Press Ctrl-C to stop.');

let stopping = false;
const shutdown = async (signal: NodeJS.Signals) => {
  // A second Ctrl-C while the engine is flushing means "give up now".
  if (stopping) process.exit(130);
  stopping = true;
  console.log(`${signal}: stopping the database ...`);
  await database.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
