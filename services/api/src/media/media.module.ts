import { Global, Module } from '@nestjs/common';
import { FilesController } from './files.controller.js';
import { GridFsMediaStore } from './gridfs-media.store.js';
import { MediaInspector } from './media-inspector.js';
import { MediaStore } from './media-store.js';
import { MediaUploads } from './media-uploads.js';
import { SharedCovers } from './shared-covers.js';
import { SharedCoversRepository } from './shared-covers.repository.js';

/**
 * Global so songs, albums and playlists share one store and one set of upload rules without importing each other,
 * and songs, albums and the bulk import one set of shared covers.
 */
@Global()
@Module({
  controllers: [FilesController],
  providers: [{ provide: MediaStore, useClass: GridFsMediaStore }, MediaInspector, MediaUploads, SharedCoversRepository, SharedCovers],
  exports: [MediaStore, MediaInspector, MediaUploads, SharedCovers],
})
export class MediaModule {}
