import { Injectable } from '@nestjs/common';
import { CatalogReadModel } from '../../catalog/catalog-read-model.js';
import { SubsonicError } from '../protocol/subsonic-error.js';
import { ok, type SubsonicAnswer, type SubsonicMethodGroup } from '../subsonic-method.js';

/** The OpenSubsonic extensions this server implements (docs/subsonic.md). */
export const EXTENSIONS = [
  { name: 'formPost', versions: [1] },
  { name: 'apiKeyAuthentication', versions: [1] },
  { name: 'indexBasedQueue', versions: [1] },
  { name: 'songLyrics', versions: [1] },
];

/** One library for everyone: Tunafy has no music folders, so apps see one. */
export const MUSIC_FOLDER = { id: 1, name: 'Music' };

/** The protocol's own calls: ping, licence, extensions, folders, the signed-in user. */
@Injectable()
export class SystemMethods implements SubsonicMethodGroup {
  constructor(private readonly catalog: CatalogReadModel) {}

  extensions(): SubsonicAnswer {
    return ok({ openSubsonicExtensions: EXTENSIONS });
  }

  readonly methods = {
    ping: async () => ok(),
    getLicense: async () => ok({ license: { valid: true } }),
    getOpenSubsonicExtensions: async () => this.extensions(),
    getMusicFolders: async () => ok({ musicFolders: { musicFolder: [MUSIC_FOLDER] } }),
    getScanStatus: async () => ok({ scanStatus: { scanning: false, count: (await this.catalog.current()).songCount } }),
    getUser: async ({ params, user }) => {
      const username = params.required('username');
      // Tunafy has no admins over other accounts: an app may read only its own user.
      if (username.toLowerCase() !== user.username.toLowerCase()) throw SubsonicError.notAuthorized('You can only read your own user');
      return ok({
        user: {
          username: user.username,
          scrobblingEnabled: true,
          adminRole: false,
          settingsRole: false,
          downloadRole: true,
          uploadRole: false,
          playlistRole: true,
          coverArtRole: false,
          commentRole: false,
          podcastRole: false,
          streamRole: true,
          jukeboxRole: false,
          shareRole: true,
          videoConversionRole: false,
          folder: [MUSIC_FOLDER.id],
        },
      });
    },
  } satisfies SubsonicMethodGroup['methods'];
}
