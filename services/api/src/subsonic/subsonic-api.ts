import { Injectable, Logger } from '@nestjs/common';
import type { ApiErrorBody } from '@tunafy/contracts';
import { ApiException } from '../common/api-exception.js';
import { SubsonicAuth } from './subsonic-auth.js';
import type { SubsonicAnswer, SubsonicMethod } from './subsonic-method.js';
import { SUBSONIC_ERRORS, SubsonicError } from './protocol/subsonic-error.js';
import type { SubsonicParams } from './protocol/subsonic-params.js';
import { SystemMethods } from './methods/system.js';
import { BrowsingMethods } from './methods/browsing.js';
import { ListMethods } from './methods/lists.js';
import { SearchMethods } from './methods/search.js';
import { AnnotationMethods } from './methods/annotation.js';
import { PlaylistMethods } from './methods/playlists.js';
import { PlayQueueMethods } from './methods/play-queue.js';
import { MediaMethods } from './methods/media.js';
import { LyricsMethods } from './methods/lyrics.js';
import { ShareMethods } from './methods/shares.js';

/** Signs a call in and runs its method; every failure comes back as a SubsonicError (the HTTP layer renders it). */
@Injectable()
export class SubsonicApi {
  private readonly logger = new Logger('Subsonic');
  private readonly methods: Map<string, SubsonicMethod>;

  constructor(
    private readonly auth: SubsonicAuth,
    private readonly system: SystemMethods,
    browsing: BrowsingMethods,
    lists: ListMethods,
    search: SearchMethods,
    annotation: AnnotationMethods,
    playlists: PlaylistMethods,
    playQueue: PlayQueueMethods,
    media: MediaMethods,
    lyrics: LyricsMethods,
    shares: ShareMethods,
  ) {
    this.methods = new Map([system, browsing, lists, search, annotation, playlists, playQueue, media, lyrics, shares].flatMap((group) => Object.entries(group.methods)));
  }

  /** The method names this server answers (docs/subsonic.md lists them with what each maps to). */
  get names(): string[] {
    return [...this.methods.keys()];
  }

  async call(name: string, params: SubsonicParams, address: string, origin = ''): Promise<SubsonicAnswer> {
    try {
      // The one method the spec wants public: clients ask what a server can do before they sign in.
      if (name === 'getOpenSubsonicExtensions') return this.system.extensions();
      const { user } = await this.auth.signIn(params, address);
      const method = this.methods.get(name);
      if (!method) throw SubsonicError.notImplemented(name);
      return await method({ params, user, client: params.string('c') ?? null, origin });
    } catch (error) {
      if (error instanceof SubsonicError) throw error;
      const refusal = error instanceof ApiException ? refusalOf(error) : null;
      if (refusal) throw refusal;
      this.logger.error(`${name} failed: ${(error as Error).stack ?? String(error)}`);
      throw new SubsonicError(SUBSONIC_ERRORS.generic, 'The server could not answer this call. Please try again shortly.');
    }
  }
}

/**
 * A refusal by a web service the methods call (likes, plays, playlists, the saved player) as the app's error, so
 * the web's rules answer with the web's words: missing and malformed ids 70, not allowed 50, other bad input 0.
 * Null for anything else, which stays a logged server fault.
 */
export function refusalOf(error: ApiException): SubsonicError | null {
  const status = error.getStatus();
  const body = error.getResponse() as ApiErrorBody;
  if (status === 404 || body.code === 'INVALID_ID') return new SubsonicError(SUBSONIC_ERRORS.notFound, body.message);
  if (status === 403) return SubsonicError.notAuthorized(body.message);
  if (status >= 400 && status < 500) return new SubsonicError(SUBSONIC_ERRORS.generic, Object.values(body.errors ?? {})[0] ?? body.message);
  return null;
}
