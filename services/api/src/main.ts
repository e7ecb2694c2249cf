import 'reflect-metadata';
import { loadConfig } from './config/app-config.js';
import { createApp } from './bootstrap/create-app.js';

const config = loadConfig();
const { app, shutdown } = await createApp(config);
await app.listen(config.port, process.env.HOST || '127.0.0.1');
// The launcher waits for this line instead of guessing when we are ready.
console.log(JSON.stringify({ msg: 'tunafy api listening', port: config.port }));

// SIGTERM (docker stop, the launcher) and SIGINT (Ctrl-C): finish what runs, then close the database.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    shutdown.run(() => app.close()).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(JSON.stringify({ level: 'error', msg: 'shutdown failed', error: (error as Error).message }));
        process.exit(1);
      },
    );
  });
}
