import { Global, Module } from '@nestjs/common';
import { FilesController } from './files.controller.js';
import { GridFsMediaStore } from './gridfs-media.store.js';
import { MediaInspector } from './media-inspector.js';
import { MediaStore } from './media-store.js';
import { MediaUploads } from './media-uploads.js';

/** Global so songs, albums and playlists share one store and one set of upload rules without importing each other. */
@Global()
@Module({
  controllers: [FilesController],
  providers: [{ provide: MediaStore, useClass: GridFsMediaStore }, MediaInspector, MediaUploads],
  exports: [MediaStore, MediaInspector, MediaUploads],
})
export class MediaModule {}
