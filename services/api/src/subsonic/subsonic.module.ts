import { Module } from '@nestjs/common';
import { AppPasswordsModule } from '../app-passwords/app-passwords.module.js';
import { CollectionService } from '../collection/collection.service.js';
import { Clock } from '../listening/clock.js';
import { PlayerStateService } from '../listening/player-state.service.js';
import { PlaysService } from '../listening/plays.service.js';
import { PlaylistPresenter } from '../playlists/playlist-presenter.js';
import { PlaylistsService } from '../playlists/playlists.service.js';
import { SongsModule } from '../songs/songs.module.js';
import { AnnotationMethods } from './methods/annotation.js';
import { PlayQueueMethods } from './methods/play-queue.js';
import { PlaylistMethods } from './methods/playlists.js';
import { BrowsingMethods } from './methods/browsing.js';
import { MediaMethods } from './methods/media.js';
import { CoverResizer } from './cover-resizer.js';
import { ListMethods } from './methods/lists.js';
import { SearchMethods } from './methods/search.js';
import { SystemMethods } from './methods/system.js';
import { SubsonicApi } from './subsonic-api.js';
import { SubsonicAuth } from './subsonic-auth.js';
import { SubsonicLibrary } from './subsonic-library.js';

/**
 * The web's services that stars, plays, playlists and the play queue go through. Their modules do not export them, so
 * this module holds its own instances: the same rules, and their shared state (locks, the catalog) is in the global
 * CatalogReadModel.
 */
const WEB_SERVICES = [CollectionService, PlaysService, PlayerStateService, Clock, PlaylistsService, PlaylistPresenter];

/** The Subsonic / OpenSubsonic API for native apps (docs/subsonic.md); its HTTP side is mounted by create-app.ts. */
@Module({
  imports: [AppPasswordsModule, SongsModule],
  providers: [SubsonicApi, SubsonicAuth, SubsonicLibrary, SystemMethods, BrowsingMethods, ListMethods, SearchMethods, AnnotationMethods, PlaylistMethods, PlayQueueMethods, ...WEB_SERVICES, MediaMethods, CoverResizer],
  exports: [SubsonicApi],
})
export class SubsonicModule {}
