import 'reflect-metadata';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { loadConfig } from './config/app-config.js';
import { DEFAULT_IMPORT_CONCURRENCY, importFolder, type FolderImportProgress, type FolderImportReport } from './imports/folder-import.js';
import { SongImporter } from './imports/song-importer.js';
import { UsersRepository } from './persistence/users.repository.js';

/**
 * `npm run import -- --user <email> <folder>` (docs/import.md): imports a
 * folder tree as that user's songs with the upload endpoint's rules. Boots
 * the API's modules without HTTP, so every write goes through the same
 * services and the catalog change feed: running API replicas show the songs
 * within CATALOG_RECHECK_MS. Exit code 0 when nothing failed, 1 when some
 * files failed, 2 for a usage error.
 */
const USAGE = 'usage: npm run import -- --user <email> [--concurrency N] <folder>';

function fail(message: string): never {
  console.error(message);
  console.error(USAGE);
  process.exit(2);
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ options: { user: { type: 'string' }, concurrency: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.user) fail('--user <email> is required.');
if (positionals.length !== 1) fail('Give exactly one folder to import.');
const root = resolve(positionals[0]!);
if (!existsSync(root) || !statSync(root).isDirectory()) fail(`${root} is not a folder.`);
const concurrency = values.concurrency ? Number(values.concurrency) : DEFAULT_IMPORT_CONCURRENCY;
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) fail('--concurrency must be a whole number from 1 to 16.');

const config = { ...loadConfig(), seedOnEmpty: false, janitorIntervalMs: 0 };
const app = await NestFactory.createApplicationContext(AppModule.register(config), { logger: ['error', 'warn'] });
let exitCode = 0;
try {
  const user = await app.get(UsersRepository).findByEmail(values.user.trim().toLowerCase());
  if (!user) {
    console.error(`No user with the email ${values.user}. Sign up in the app first.`);
    exitCode = 2;
  } else {
    const importer = app.get(SongImporter);
    console.log(`Importing ${root} as ${user.username} (${user.email})`);
    const progress = progressPrinter();
    const report = await importFolder({ root, userId: user.id, importFile: (userId, source) => importer.importFile(userId, source), concurrency, onProgress: progress });
    progress.end();
    printSummary(report);
    if (report.failed.length > 0) exitCode = 1;
  }
} finally {
  await app.close();
}
process.exit(exitCode);

/** A bar redrawn in place on a terminal; a line every 5 % (and at the end) when the output is a log. */
function progressPrinter(): ((progress: FolderImportProgress) => void) & { end(): void } {
  const tty = process.stdout.isTTY === true;
  let lastStep = -1;
  let drawn = false;
  const started = Date.now();
  const print = (progress: FolderImportProgress) => {
    const ratio = progress.total === 0 ? 1 : progress.done / progress.total;
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? `${(progress.done / seconds).toFixed(1)} files/s, ${(progress.bytes / 1048576 / seconds).toFixed(1)} MB/s` : '';
    const counts = `${progress.done}/${progress.total} (${progress.imported} new, ${progress.duplicates} duplicates, ${progress.failed} failed) ${rate}`;
    if (tty) {
      const width = 30;
      const filled = Math.round(ratio * width);
      const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${counts}  ${progress.current}`;
      process.stdout.write(`\r${line.slice(0, Math.max(20, (process.stdout.columns ?? 120) - 1)).padEnd(Math.min(process.stdout.columns ?? 120, 160) - 1)}`);
      drawn = true;
      return;
    }
    const step = Math.floor(ratio * 20);
    if (step !== lastStep || progress.done === progress.total) {
      lastStep = step;
      console.log(`${Math.round(ratio * 100)}% ${counts}`);
    }
  };
  return Object.assign(print, {
    end: () => {
      if (drawn) process.stdout.write('\n');
    },
  });
}

function printSummary(report: FolderImportReport): void {
  const seconds = report.milliseconds / 1000;
  console.log(
    `Imported ${report.imported} songs (${report.albumsCreated} new albums${report.withLyrics > 0 ? `, ${report.withLyrics} with lyrics` : ''}), skipped ${report.duplicates} duplicates, ` +
      `${report.failed.length} failed, ${report.ignored} other files left alone; ${report.total} audio files in ${seconds.toFixed(1)} s` +
      (report.imported > 0 ? ` (${(report.bytes / 1048576 / seconds).toFixed(1)} MB/s)` : '') +
      '.',
  );
  const otherAudio = Object.entries(report.otherAudio).sort((a, b) => b[1] - a[1]);
  if (otherAudio.length > 0) console.log(`  left alone, in audio formats that are not imported: ${otherAudio.map(([extension, count]) => `${count} .${extension}`).join(', ')}.`);
  for (const failure of report.failed) console.log(`  failed: ${failure.file}: ${failure.reason}`);
  for (const warning of report.warnings) console.log(`  warning: ${warning.file}: ${warning.reason}`);
}
