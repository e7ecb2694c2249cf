import { spawn } from 'node:child_process';

/** Runs a built Node script to completion with extra environment (and arguments, and Node flags), inheriting the terminal. */
export function runNodeScript(entry: string, env: Record<string, string>, args: readonly string[] = [], nodeFlags: readonly string[] = ['--enable-source-maps']): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, entry, ...args], { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
