/**
 * Bundles the OpenSubsonic OpenAPI description (split over ~290 files with relative `$ref`s) into the one file the
 * Subsonic tests validate against: services/api/src/subsonic/testing/opensubsonic-openapi.json.
 *
 *   npx tsx tools/opensubsonic/bundle-spec.ts [--repo <git dir>] [--commit <rev>]   # from a clone or mirror
 *   npx tsx tools/opensubsonic/bundle-spec.ts --checkout <path>                      # from a working tree
 *
 * Defaults: the mirror at /work/.mirror/opensubsonic+open-subsonic-api/repo, its HEAD. Writes the bundle, the
 * source commit (OPENSUBSONIC_VERSION) and the spec's Apache-2.0 licence (OPENSUBSONIC_LICENSE) beside it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import $RefParser from '@apidevtools/json-schema-ref-parser';

const SOURCE_REPOSITORY = 'https://github.com/opensubsonic/open-subsonic-api';
const DEFAULT_MIRROR = '/work/.mirror/opensubsonic+open-subsonic-api/repo';
const outDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../services/api/src/subsonic/testing');

const { values } = parseArgs({
  options: { repo: { type: 'string' }, commit: { type: 'string' }, checkout: { type: 'string' } },
});

function git(gitDir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', gitDir, ...args], { encoding: 'utf8' }).trim();
}

let specRoot: string;
let commit: string;
let scratch: string | undefined;
if (values.checkout) {
  specRoot = resolve(values.checkout);
  commit = git(specRoot, 'rev-parse', 'HEAD');
  if (git(specRoot, 'status', '--porcelain', '--', 'openapi') !== '') commit += ' (with uncommitted changes in openapi/)';
} else {
  const gitDir = resolve(values.repo ?? DEFAULT_MIRROR);
  commit = git(gitDir, 'rev-parse', `${values.commit ?? 'HEAD'}^{commit}`);
  scratch = mkdtempSync(join(tmpdir(), 'opensubsonic-spec-'));
  // git archive, not a checkout: the mirror may have no work tree, and its index is left alone.
  const tar = execFileSync('git', ['-C', gitDir, 'archive', '--format=tar', commit, 'openapi', 'LICENSE'], {
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', scratch], { input: tar });
  specRoot = scratch;
}

try {
  const bundled = (await $RefParser.bundle(join(specRoot, 'openapi/openapi.json'))) as { info: Record<string, unknown> };
  bundled.info['x-source-repository'] = SOURCE_REPOSITORY;
  bundled.info['x-source-commit'] = commit;
  writeFileSync(join(outDir, 'opensubsonic-openapi.json'), `${JSON.stringify(bundled, null, 1)}\n`);
  writeFileSync(
    join(outDir, 'OPENSUBSONIC_VERSION'),
    [
      `${SOURCE_REPOSITORY} ${commit}`,
      '',
      'opensubsonic-openapi.json is the OpenSubsonic OpenAPI description (openapi/ in that repository), licensed under',
      'the Apache License 2.0 (OPENSUBSONIC_LICENSE). Modified: its files are bundled into one by',
      'tools/opensubsonic/bundle-spec.ts, and info carries x-source-repository and x-source-commit.',
      'fixtures/ holds examples copied verbatim from its docs (content/en/docs), under the same licence.',
      '',
    ].join('\n'),
  );
  writeFileSync(join(outDir, 'OPENSUBSONIC_LICENSE'), readFileSync(join(specRoot, 'LICENSE')));
  console.log(`bundled OpenSubsonic ${commit} into ${join(outDir, 'opensubsonic-openapi.json')}`);
} finally {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
