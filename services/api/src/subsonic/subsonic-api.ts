import { Injectable, Logger } from '@nestjs/common';
import { SubsonicAuth } from './subsonic-auth.js';
import type { SubsonicAnswer, SubsonicMethod } from './subsonic-method.js';
import { SUBSONIC_ERRORS, SubsonicError } from './protocol/subsonic-error.js';
import type { SubsonicParams } from './protocol/subsonic-params.js';
import { SystemMethods } from './methods/system.js';
import { BrowsingMethods } from './methods/browsing.js';
import { ListMethods } from './methods/lists.js';
import { SearchMethods } from './methods/search.js';
import { MediaMethods } from './methods/media.js';

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
    media: MediaMethods,
  ) {
    this.methods = new Map([system, browsing, lists, search, media].flatMap((group) => Object.entries(group.methods)));
  }

  /** The method names this server answers (docs/subsonic.md lists them with what each maps to). */
  get names(): string[] {
    return [...this.methods.keys()];
  }

  async call(name: string, params: SubsonicParams, address: string): Promise<SubsonicAnswer> {
    try {
      // The one method the spec wants public: clients ask what a server can do before they sign in.
      if (name === 'getOpenSubsonicExtensions') return this.system.extensions();
      const { user } = await this.auth.signIn(params, address);
      const method = this.methods.get(name);
      if (!method) throw SubsonicError.notImplemented(name);
      return await method({ params, user, client: params.string('c') ?? null });
    } catch (error) {
      if (error instanceof SubsonicError) throw error;
      this.logger.error(`${name} failed: ${(error as Error).stack ?? String(error)}`);
      throw new SubsonicError(SUBSONIC_ERRORS.generic, 'The server could not answer this call. Please try again shortly.');
    }
  }
}
