/**
 * `npm run publish:remote -- mf-library [--version 1.1.0] [--from path/to/dist] [--force]`
 *
 * Publishes a remote's build (default `<remote>/dist`, version from its package.json) to
 * `.data/remotes/<remote>/<version>/`, which the gateway serves at `/versions/<remote>/<version>/`,
 * and prints the /remotes.json entry that deploys it. See docs/deploying-remotes.md.
 */
import { parseArgs } from 'node:util';
import { publishRemote } from '../publish-remote.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { version: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('usage: publish-remote <mf-auth|mf-library|mf-player> [--version <v>] [--from <dist>] [--force]');
  process.exit(2);
}
try {
  const { dir, entry } = publishRemote({ remote: positionals[0]!, version: values.version, from: values.from, force: values.force });
  console.log(`published to ${dir}`);
  console.log('remotes.json entry (put it in the file REMOTES_FILE names, or in TUNAFY_REMOTES):');
  console.log(JSON.stringify(entry));
} catch (error) {
  console.error(`publish-remote: ${(error as Error).message}`);
  process.exit(1);
}
