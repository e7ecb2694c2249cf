import { join } from 'node:path';
import { startApi, throwawayApiEnv, type RunningApi } from '../../api-process.js';
import { BenchSession } from '../api-session.js';
import { loadMediaGenerators, type MediaGenerators } from '../media.js';

/** An API start loads the whole grown catalog first: at a million songs that takes minutes. */
export const START_TIMEOUT_MS = 30 * 60_000;

export interface TemplateApi {
  env: Record<string, string>;
  api: RunningApi;
  session: BenchSession;
  me: { id: string; username: string };
  media: MediaGenerators;
  /** The one real upload every generated song points at (cover and mp3 in GridFS). */
  template: { song_file_url: string; song_cover_url?: string };
}

/**
 * Starts the built API for a catalog bench (no loudness or cover job: they would work through every grown song in
 * the background and skew every figure), signs the bench user up and uploads the template song. The caller owns the
 * stop; a failure here stops the API itself.
 */
export async function startTemplateApi(mongodbUri: string, scratch: string): Promise<TemplateApi> {
  const env = throwawayApiEnv(join(scratch, 'media'), { LOUDNESS_JOB: 'off', COVER_JOB: 'off' });
  const api = await startApi({ mongodbUri, env, timeoutMs: START_TIMEOUT_MS });
  try {
    const session = new BenchSession(api.url);
    const me = await session.signup();
    const media = await loadMediaGenerators();
    const template = (await session.uploadSong('Template', media.renderCover({ seed: 1, title: 'T', size: 64 }), media.synthesizeSong({ seed: 1, seconds: 2 }))) as TemplateApi['template'];
    return { env, api, session, me, media, template };
  } catch (error) {
    await api.stop();
    throw error;
  }
}
