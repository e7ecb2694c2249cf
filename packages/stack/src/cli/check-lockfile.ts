/**
 * `npx tsx packages/stack/src/cli/check-lockfile.ts [--fix]`: fails when package-lock.json misses a package some
 * platform needs (see ../lockfile/completeness.ts), which no install on this machine would notice. CI runs it after
 * `npm install`. With --fix it drops the incomplete entries and lets `npm install --package-lock-only` resolve
 * those packages again (same versions where package.json pins them), then checks again.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  entriesToResolveAgain,
  entriesWithoutIntegrity,
  missingDependencies,
  withoutEntries,
  type Lockfile,
} from '../lockfile/completeness.js';
import { repoRoot } from '../paths.js';

const lockPath = join(repoRoot(), 'package-lock.json');
const read = (): Lockfile => JSON.parse(readFileSync(lockPath, 'utf8')) as Lockfile;

function report(lock: Lockfile): boolean {
  const missing = missingDependencies(lock);
  const unverified = entriesWithoutIntegrity(lock);
  for (const { from, name, kind } of missing) console.error(`  ${from || '(root)'} ${kind} ${name}: no entry`);
  for (const key of unverified) console.error(`  ${key}: no integrity`);
  return missing.length === 0 && unverified.length === 0;
}

if (process.argv.includes('--fix')) {
  const drop = entriesToResolveAgain(read());
  if (drop.length > 0) {
    console.log(`resolving again: ${drop.join(', ')}`);
    writeFileSync(lockPath, `${JSON.stringify(withoutEntries(read(), drop), null, 2)}\n`);
    execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: repoRoot(),
      stdio: 'inherit',
    });
  }
}

if (report(read())) {
  console.log('package-lock.json: every declared dependency of every entry, on every platform, is locked');
} else {
  console.error(
    'package-lock.json is incomplete: npm would install these packages on no platform that needs them (npm/cli#4828).\n' +
      'Fix: npx tsx packages/stack/src/cli/check-lockfile.ts --fix (for a (root) or workspace line: npm install), then commit package-lock.json.',
  );
  process.exitCode = 1;
}
