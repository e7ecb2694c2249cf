import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { remoteNameOf, type RemoteDefinition } from './gateway-remotes.js';
import { RELEASES_DIR, REMOTE_FOLDERS, VERSIONS_PATH } from './gateway.js';
import { repoRoot } from './paths.js';

export interface PublishRemoteOptions {
  /** The remote's folder, `mf-library` (its federation name `mf_library` is accepted too). */
  remote: string;
  /** Defaults to the remote's package.json version. */
  version?: string;
  /** The build to publish; defaults to `<repo>/<remote>/dist`. */
  from?: string;
  /** Defaults to `<repo>/.data/remotes` (what the gateway serves at /versions/). */
  releasesDir?: string;
  /** Replace an already published version (normally refused: a version is immutable once published). */
  force?: boolean;
  root?: string;
}

export interface PublishedRemote {
  /** Where the files now are: `<releasesDir>/<folder>/<version>`. */
  dir: string;
  /** The /remotes.json entry that points the shell at this version. */
  entry: RemoteDefinition;
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z._+-]*$/;

/**
 * Copies a remote's production build to a versioned folder that the gateway serves at
 * `/versions/<folder>/<version>/`. Nothing is rebuilt: remotes use `publicPath: 'auto'`, so the same
 * files work from any folder. Deploying is then pointing /remotes.json at the returned entry.
 */
export function publishRemote(options: PublishRemoteOptions): PublishedRemote {
  const root = options.root ?? repoRoot();
  const folder = options.remote.replace(/_/g, '-');
  if (!(REMOTE_FOLDERS as readonly string[]).includes(folder)) throw new Error(`unknown remote "${options.remote}" (one of ${REMOTE_FOLDERS.join(', ')})`);
  const version = options.version ?? (JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as { version: string }).version;
  if (!VERSION.test(version)) throw new Error(`"${version}" is not a usable version name (letters, digits, . _ + -)`);
  const from = resolve(options.from ?? join(root, folder, 'dist'));
  if (!existsSync(join(from, 'mf-manifest.json'))) throw new Error(`${from} holds no build (no mf-manifest.json): run \`npm run build -w ${folder}\` first`);
  const dir = join(resolve(options.releasesDir ?? join(root, RELEASES_DIR)), folder, version);
  if (existsSync(dir) && !options.force) throw new Error(`${folder} ${version} is already published at ${dir}; publish a new version (or --force to replace it)`);
  cpSync(from, dir, { recursive: true, force: true });
  return { dir, entry: { name: remoteNameOf(folder), entry: `${VERSIONS_PATH}/${folder}/${version}/mf-manifest.json` } };
}
