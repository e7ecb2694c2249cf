import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../paths.js';

export interface MediaGenerators {
  synthesizeSong(options: { seed: number; seconds: number }): Buffer;
  synthesizeSongOfSize(targetBytes: number, seed: number): Buffer;
  renderCover(options: { seed: number; title: string; size?: number }): Buffer;
}

/**
 * The seed's mp3 and cover generators, from the built API (they live in
 * services/api, outside this package's sources; `npm run bench` builds first).
 */
export async function loadMediaGenerators(): Promise<MediaGenerators> {
  const dist = join(repoRoot(), 'services/api/dist/media/synth');
  const load = async (file: string) => (await import(pathToFileURL(join(dist, file)).href)) as Record<string, unknown>;
  try {
    const [song, cover] = await Promise.all([load('synth-song.js'), load('render-cover.js')]);
    return {
      synthesizeSong: song.synthesizeSong as MediaGenerators['synthesizeSong'],
      synthesizeSongOfSize: song.synthesizeSongOfSize as MediaGenerators['synthesizeSongOfSize'],
      renderCover: cover.renderCover as MediaGenerators['renderCover'],
    };
  } catch (error) {
    throw new Error(`cannot load the media generators from ${dist} (run \`npm run build\` first): ${(error as Error).message}`);
  }
}
