import 'reflect-metadata';
import { loadConfig } from './config/app-config.js';
import { createApp } from './bootstrap/create-app.js';

const config = loadConfig();
const app = await createApp(config);
await app.listen(config.port, process.env.HOST || '127.0.0.1');
// The launcher waits for this line instead of guessing when we are ready.
console.log(JSON.stringify({ msg: 'tunafy api listening', port: config.port }));
