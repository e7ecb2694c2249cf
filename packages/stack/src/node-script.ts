import { spawn } from 'node:child_process';

/** Runs a built Node script to completion with extra environment (and arguments), inheriting the terminal. */
export function runNodeScript(entry: string, env: Record<string, string>, args: readonly string[] = []): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', entry, ...args], { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
