import { Module } from '@nestjs/common';
import { AlbumsModule } from '../albums/albums.module.js';
import { SongsModule } from '../songs/songs.module.js';
import { ArtistsModule } from '../artists/artists.module.js';
import { AlbumResolver } from './album-resolver.service.js';
import { AudioInspector } from './audio-inspector.service.js';
import { AudioSpoolInterceptor } from './audio-spool.interceptor.js';
import { CoverArt } from './cover-art.js';
import { SongImporter } from './song-importer.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

/**
 * Bulk upload (POST /api/uploads/...) and the folder import CLI, which boots
 * this module in an application context and calls SongImporter directly: one
 * copy of the rules for both. Repositories (the import claims too) and media come from the global modules.
 */
@Module({
  imports: [SongsModule, AlbumsModule, ArtistsModule],
  controllers: [UploadsController],
  providers: [AudioInspector, CoverArt, AlbumResolver, SongImporter, UploadsService, AudioSpoolInterceptor],
  // The janitor sweeps albums an import left empty (AlbumResolver.sweepAbandoned).
  exports: [SongImporter, AlbumResolver],
})
export class ImportsModule {}
