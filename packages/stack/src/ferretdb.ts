import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { findExecutable, repoRoot } from './paths.js';

// One build per process: several databases started at once must not each run Go.
let building: Promise<string> | undefined;

/**
 * Returns the tunafy-ferretdb binary, building it first when Go is available,
 * or undefined when it cannot be had. TUNAFY_FERRETDB_BIN names a prebuilt
 * binary (for machines without Go).
 */
export async function locateFerretdb(env: NodeJS.ProcessEnv, notice: (line: string) => void): Promise<string | undefined> {
  const prebuilt = env.TUNAFY_FERRETDB_BIN;
  if (prebuilt) {
    try {
      accessSync(prebuilt, constants.X_OK);
    } catch {
      throw new Error(`TUNAFY_FERRETDB_BIN=${prebuilt} is not an executable file`);
    }
    return prebuilt;
  }
  // A binary left from an earlier build is not used without Go: build.sh
  // (which needs go) is what proves it matches the current sources.
  if (!findExecutable('go', env.PATH)) return undefined;
  building ??= build(env, notice).catch((error: unknown) => {
    building = undefined;
    throw error;
  });
  return building;
}

function build(env: NodeJS.ProcessEnv, notice: (line: string) => void): Promise<string> {
  const dir = join(repoRoot(), 'tools', 'ferretdb');
  return new Promise((resolve, reject) => {
    const output: string[] = [];
    const child = spawn('bash', [join(dir, 'build.sh'), '-q'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        output.push(line);
        notice(line);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(join(dir, 'bin', 'tunafy-ferretdb'));
      else reject(new Error(`tools/ferretdb/build.sh failed (exit code ${code}):\n${output.slice(-30).join('\n')}`));
    });
  });
}
