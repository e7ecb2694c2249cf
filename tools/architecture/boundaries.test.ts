import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const depcruise = join(root, 'node_modules/.bin/depcruise');
const config = join(here, 'dependency-cruiser.cjs');
/** Where the check looks: the API, the shell and the remotes, the shared packages, the tools and the e2e suite. */
export const CRUISED = ['services/api/src', 'shell/src', 'mf-auth/src', 'mf-library/src', 'mf-player/src', 'packages', 'tools', 'e2e'];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs the real depcruise CLI; it exits with the number of errors, so a non-zero exit is an answer, not a failure. */
async function cruise(cwd: string, paths: string[], extra: string[] = []): Promise<{ violations: Violation[]; exitCode: number }> {
  const args = ['--config', config, '--output-type', 'json', ...extra, ...paths];
  try {
    const { stdout } = await promisify(execFile)(depcruise, args, { cwd, maxBuffer: 256 * 1024 * 1024 });
    return { violations: JSON.parse(stdout).summary.violations, exitCode: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; code?: number; stderr?: string };
    if (typeof failed.code !== 'number' || !failed.stdout) throw new Error(`depcruise did not run: ${failed.stderr ?? String(error)}`);
    return { violations: JSON.parse(failed.stdout).summary.violations, exitCode: failed.code };
  }
}

describe('the boundary check (docs/architecture.md)', () => {
  it('finds no import against the rules beyond the known ones (known-violations.json shrinks as code moves)', async () => {
    const { violations, exitCode } = await cruise(root, CRUISED, ['--ignore-known', join(here, 'known-violations.json')]);
    const errors = violations.filter((violation) => (violation as unknown as { rule: { severity: string } }).rule.severity === 'error');
    expect(errors.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`)).toEqual([]);
    expect(exitCode).toBe(0);
  }, 300_000);

  it('fires each rule on a repo made to break it, and lets the allowed imports through', async () => {
    const { violations } = await cruise(join(here, 'fixtures/repo'), ['services', 'shell', 'mf-library', 'mf-player', 'packages', 'tools', 'e2e']);
    expect(violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort()).toEqual([
      'api-domain-imports-edge: services/api/src/catalog/answers.ts → services/api/src/http/responder.ts',
      'api-domain-imports-features: services/api/src/catalog/model.ts → services/api/src/songs/songs.repository.ts',
      'api-edge-imports-features: services/api/src/http/responder.ts → services/api/src/songs/songs.service.ts',
      'api-feature-internals: services/api/src/albums/albums.service.ts → services/api/src/songs/songs.repository.ts',
      'api-infra-imports-up: services/api/src/common/up.ts → services/api/src/songs/songs.repository.ts',
      'api-persistence-imports-up: services/api/src/persistence/records.ts → services/api/src/catalog/model.ts',
      'app-imports-other-app: shell/src/shell.ts → mf-library/src/library.ts',
      'deep-import-into-package: mf-player/src/player.ts → packages/event-bus/src/events.ts',
      'library-feature-imports-feature: mf-library/src/features/search/search.ts → mf-library/src/features/genres/api.ts',
      'package-imports-app: packages/ui/src/ui.ts → shell/src/shell.ts',
      'tools-import-e2e: tools/tool.ts → e2e/support/chromium.ts',
    ]);
  }, 120_000);
});
