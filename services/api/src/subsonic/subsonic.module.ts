import { Module } from '@nestjs/common';
import { AppPasswordsModule } from '../app-passwords/app-passwords.module.js';
import { CollectionModule } from '../collection/collection.module.js';
import { ListeningModule } from '../listening/listening.module.js';
import { PlaylistsModule } from '../playlists/playlists.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { StreamingModule } from '../streaming/streaming.module.js';
import { AnnotationMethods } from './methods/annotation.js';
import { PlayQueueMethods } from './methods/play-queue.js';
import { PlaylistMethods } from './methods/playlists.js';
import { BrowsingMethods } from './methods/browsing.js';
import { MediaMethods } from './methods/media.js';
import { LyricsMethods } from './methods/lyrics.js';
import { ShareMethods } from './methods/shares.js';
import { ListMethods } from './methods/lists.js';
import { SearchMethods } from './methods/search.js';
import { SystemMethods } from './methods/system.js';
import { SubsonicApi } from './subsonic-api.js';
import { SubsonicAuth } from './subsonic-auth.js';
import { SubsonicLibrary } from './subsonic-library.js';

/** The Subsonic / OpenSubsonic API for native apps (docs/subsonic.md); its HTTP side is mounted by create-app.ts. */
@Module({
  // Stars, plays, playlists, shares and the play queue go through the web's own services.
  imports: [AppPasswordsModule, CollectionModule, ListeningModule, PlaylistsModule, SharesModule, StreamingModule],
  providers: [SubsonicApi, SubsonicAuth, SubsonicLibrary, SystemMethods, BrowsingMethods, ListMethods, SearchMethods, AnnotationMethods, PlaylistMethods, PlayQueueMethods, MediaMethods, LyricsMethods, ShareMethods],
  exports: [SubsonicApi],
})
export class SubsonicModule {}
