import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '@tunafy/stack';

export type Synthesize = (options: { seed: number; seconds: number }) => Buffer;
export type RenderCover = (options: { seed: number; title: string; size?: number }) => Buffer;

/**
 * The seed's generators for real media (an mp3 the API measures, a PNG cover), loaded from the API's build
 * (services/api/dist) as the stack runs it, for uploads made like a user's.
 */
export async function seedMedia(): Promise<{ synthesizeSong: Synthesize; renderCover: RenderCover }> {
  const dist = join(repoRoot(), 'services/api/dist/seed/media');
  const { synthesizeSong } = (await import(pathToFileURL(join(dist, 'synth-song.js')).href)) as { synthesizeSong: Synthesize };
  const { renderCover } = (await import(pathToFileURL(join(dist, 'render-cover.js')).href)) as { renderCover: RenderCover };
  return { synthesizeSong, renderCover };
}
