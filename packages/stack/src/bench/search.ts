import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm run bench -- --search [--songs N]`: the search engine benchmark (issue 30, docs/search.md). It lives beside
 * the API's read model (services/api/src/test/search-bench.ts) because it measures that model in process, and runs
 * under tsx with the GC exposed so its memory figures are taken after a collection.
 */
export async function runSearchBench(argv: string[]): Promise<void> {
  const script = fileURLToPath(new URL('../../../../services/api/src/test/search-bench.ts', import.meta.url));
  const songsAt = argv.indexOf('--songs');
  const songs = songsAt >= 0 ? ['--songs', argv[songsAt + 1] ?? ''] : [];
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', script, ...songs], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`search bench exited with ${code}`);
}
