import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { DEFAULT_RESCAN_CONCURRENCY, Rescanner, type RescanProgress } from './artists/rescan.js';
import { loadConfig } from './config/app-config.js';

/**
 * `npm run rescan [-- --restart] [--concurrency N]` (docs/artists.md, "Existing libraries"): reads the tags of every
 * stored song and credits its artists and its album's album artist, as an import does now, and stores the lyrics its
 * tags carry unless its owner's or an .lrc's are there (docs/lyrics.md). Boots the API's modules
 * without HTTP, so every write goes through the same services and the catalog change feed: running API replicas show
 * the credits within CATALOG_RECHECK_MS. Stopped midway, it goes on where it was the next time (`--restart` starts
 * over). Exit code 0 when done, 2 for a usage error.
 */
const USAGE = 'usage: npm run rescan -- [--restart] [--concurrency N]';

const { values } = (() => {
  try {
    return parseArgs({ options: { restart: { type: 'boolean' }, concurrency: { type: 'string' }, help: { type: 'boolean' } } });
  } catch (error) {
    console.error((error as Error).message);
    console.error(USAGE);
    process.exit(2);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const concurrency = values.concurrency ? Number(values.concurrency) : DEFAULT_RESCAN_CONCURRENCY;
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
  console.error('--concurrency must be a whole number from 1 to 16.');
  process.exit(2);
}

const config = { ...loadConfig(), seedOnEmpty: false, janitorIntervalMs: 0 };
const app = await NestFactory.createApplicationContext(AppModule.register(config), { logger: ['error', 'warn'] });
try {
  const started = Date.now();
  let lastLine = 0;
  const line = (progress: RescanProgress) => {
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? (progress.done / seconds).toFixed(1) : '0';
    return `rescan: ${progress.done}/${progress.total} songs, ${rate} files/s, ${progress.credited} credited, ${progress.untagged} without artist tags, ${progress.unreadable} unreadable, ${progress.alreadyCredited} already credited, ${progress.lyrics} given their file's lyrics, RSS ${Math.round(process.memoryUsage().rss / 1048576)} MB`;
  };
  const done = await app.get(Rescanner).start({
    concurrency,
    restart: values.restart === true,
    onProgress: (progress) => {
      // A line a second: a progress line per song would be the slowest part of a big library.
      if (Date.now() - lastLine < 1000) return;
      lastLine = Date.now();
      console.log(line(progress));
    },
  });
  console.log(`${line(done)}. Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await app.close();
}
process.exit(0);
