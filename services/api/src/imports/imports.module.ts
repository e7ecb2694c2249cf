import { Module } from '@nestjs/common';
import { AlbumsModule } from '../albums/albums.module.js';
import { SongsModule } from '../songs/songs.module.js';
import { AlbumResolver } from './album-resolver.js';
import { AudioInspector } from './audio-inspector.js';
import { AudioSpoolInterceptor } from './audio-spool.interceptor.js';
import { CoverArt } from './cover-art.js';
import { ImportClaimsRepository } from './import-claims.repository.js';
import { SongImporter } from './song-importer.js';
import { UploadsController } from './uploads.controller.js';
import { UploadsService } from './uploads.service.js';

/**
 * Bulk upload (POST /api/uploads/...) and the folder import CLI, which boots
 * this module in an application context and calls SongImporter directly: one
 * copy of the rules for both. Repositories and media come from the global modules.
 */
@Module({
  imports: [SongsModule, AlbumsModule],
  controllers: [UploadsController],
  providers: [AudioInspector, CoverArt, AlbumResolver, ImportClaimsRepository, SongImporter, UploadsService, AudioSpoolInterceptor],
  exports: [SongImporter],
})
export class ImportsModule {}
