import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

/**
 * Settings for running locally: a session secret kept in .data/ so logins
 * survive restarts of `npm start`, and a media cache beside the database.
 */
export function devEnvironment(): Record<string, string> {
  const dataDir = join(repoRoot(), '.data');
  mkdirSync(dataDir, { recursive: true });
  const secretFile = join(dataDir, 'session-secret');
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  return {
    SESSION_SECRET: process.env.SESSION_SECRET ?? readFileSync(secretFile, 'utf8').trim(),
    MEDIA_CACHE_DIR: process.env.MEDIA_CACHE_DIR ?? join(dataDir, 'media-cache'),
  };
}
