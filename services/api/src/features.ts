import type { Type } from '@nestjs/common';
import { AlbumsModule } from './albums/albums.module.js';
import { AppPasswordsModule } from './app-passwords/app-passwords.module.js';
import { ArtistsModule } from './artists/artists.module.js';
import { CollectionModule } from './collection/collection.module.js';
import { CoversModule } from './covers/covers.module.js';
import { IdempotencyModule } from './idempotency/idempotency.module.js';
import { ImportsModule } from './imports/imports.module.js';
import { JanitorModule } from './janitor/janitor.module.js';
import { ListeningModule } from './listening/listening.module.js';
import { LoudnessModule } from './loudness/loudness.module.js';
import { LyricsModule } from './lyrics/lyrics.module.js';
import { MediaModule } from './media/media.module.js';
import { PlaylistsModule } from './playlists/playlists.module.js';
import { SearchModule } from './search/search.module.js';
import { SharesModule } from './shares/shares.module.js';
import { SeedModule } from './seed/seed.module.js';
import { SongsModule } from './songs/songs.module.js';
import { StreamingModule } from './streaming/streaming.module.js';
import { SubsonicModule } from './subsonic/subsonic.module.js';
import { SongTagsModule } from './song-tags/song-tags.module.js';

/** Feature modules mounted under /api (and the Subsonic API's under /rest); each lives in its own folder. */
export const featureModules: Type[] = [IdempotencyModule, MediaModule, CoversModule, SongsModule, LyricsModule, StreamingModule, SongTagsModule, AlbumsModule, ArtistsModule, AppPasswordsModule, PlaylistsModule, CollectionModule, SearchModule, SharesModule, ListeningModule, ImportsModule, LoudnessModule, JanitorModule, SeedModule, SubsonicModule];
