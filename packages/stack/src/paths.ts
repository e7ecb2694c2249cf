import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/**
 * The monorepo root (the folder holding nx.json). Found by walking up from this
 * file so it works the same from src/ (tsx, vitest) and from dist/.
 */
export function repoRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'nx.json'))) return (cachedRoot = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the repository root (no nx.json above ${fileURLToPath(import.meta.url)})`);
    dir = parent;
  }
}

/** Like `which`, but against a given PATH so callers can test with a restricted environment. */
export function findExecutable(name: string, pathVar: string | undefined): string | undefined {
  for (const dir of (pathVar ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this PATH entry
    }
  }
  return undefined;
}
