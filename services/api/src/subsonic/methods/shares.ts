import { Inject, Injectable } from '@nestjs/common';
import type { SessionUser } from '@tunafy/contracts';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import type { CatalogModel } from '../../catalog/catalog-model.js';
import { isId } from '../../common/ids.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { SharesService } from '../../shares/shares.service.js';
import { SUBSONIC_ERRORS, SubsonicError } from '../protocol/subsonic-error.js';
import type { SubsonicParams } from '../protocol/subsonic-params.js';
import { ok, type SubsonicCall, type SubsonicMethodGroup } from '../subsonic-method.js';
import { SubsonicView } from '../subsonic-view.js';

type ShareKind = 'song' | 'album' | 'playlist';

/** What an app's `id` names: a song, an album, or a playlist the user can see (someone else's private one is missing). */
function kindOf(model: CatalogModel, id: string, user: SessionUser): ShareKind {
  if (!isId(id)) throw SubsonicError.notFound('Song, album or playlist');
  if (model.song(id)) return 'song';
  if (model.album(id)) return 'album';
  if (model.visiblePlaylist(id, user.id)) return 'playlist';
  throw SubsonicError.notFound('Song, album or playlist');
}

/** `expires` in ms since 1970 as the web's ISO time; 0 or absent: never (updateShare's "remove the expiration"). */
function expiresOf(params: SubsonicParams): string | null | undefined {
  if (!params.has('expires')) return undefined;
  const ms = params.int('expires', { min: 0 });
  if (ms === undefined) throw SubsonicError.invalid('expires', 'milliseconds since 1970');
  return ms === 0 ? null : new Date(ms).toISOString();
}

/**
 * Share links for apps (Subsonic 1.6 `getShares`, `createShare`, `updateShare`, `deleteShare`; docs/subsonic.md):
 * the web's SharesService makes, lists, changes and revokes them, so the rules are the web's (only the owner's items,
 * no private playlists, 500 links, the expiry limits) and a link made here is the web's `/s/{token}` link. One item
 * per link, as on the web. The token is shown once, when made: the database keeps only its hash, so `getShares`
 * answers each link's `url` empty.
 */
@Injectable()
export class ShareMethods implements SubsonicMethodGroup {
  constructor(
    private readonly catalog: CatalogReadModel,
    private readonly shares: SharesService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'publicUrl'>,
  ) {}

  private async listed(user: SessionUser) {
    const view = new SubsonicView(await this.catalog.current(), user.id);
    return (await this.shares.ownWithSongs(user)).map(({ share, songs }) => ({
      id: share.id,
      url: '',
      description: share.description ?? undefined,
      username: user.username,
      created: share.createdAt.toISOString(),
      expires: share.expiresAt?.toISOString(),
      visitCount: share.opens,
      entry: songs.map((song) => view.child(song)),
    }));
  }

  readonly methods = {
    getShares: async ({ user }: SubsonicCall) => ok({ shares: { share: await this.listed(user) } }),

    createShare: async ({ params, user, origin }: SubsonicCall) => {
      const ids = [...new Set(params.all('id').map((id) => id.toLowerCase()))];
      if (ids.length === 0) throw SubsonicError.missing('id');
      if (ids.length > 1) throw new SubsonicError(SUBSONIC_ERRORS.generic, 'A Tunafy link shares one song, album or playlist: send one id');
      const kind = kindOf(await this.catalog.current(), ids[0]!, user);
      const created = await this.shares.create(user, { kind, id: ids[0], expires_at: expiresOf(params) ?? undefined }, this.config.publicUrl ?? origin);
      const description = params.string('description');
      if (description !== undefined) await this.shares.update(user, created.id, { description });
      const share = (await this.listed(user)).find((row) => row.id === created.id);
      // Its item deleted in the moment between: the link is made and dead, as any share of a deleted item.
      if (!share) throw SubsonicError.notFound('Shared item');
      return ok({ shares: { share: [{ ...share, url: created.url }] } });
    },

    updateShare: async ({ params, user }: SubsonicCall) => {
      const description = params.string('description');
      await this.shares.update(user, params.required('id').toLowerCase(), { description, expiresAt: expiresOf(params) });
      return ok();
    },

    deleteShare: async ({ params, user }: SubsonicCall) => {
      await this.shares.revoke(user, params.required('id').toLowerCase());
      return ok();
    },
  } satisfies SubsonicMethodGroup['methods'];
}
