import { spawn } from 'node:child_process';

/** Runs a built Node script to completion with extra environment, inheriting the terminal. */
export function runNodeScript(entry: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', entry], { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
