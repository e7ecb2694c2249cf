import { Module } from '@nestjs/common';
import { AlbumsModule } from '../albums/albums.module.js';
import { PlaylistsModule } from '../playlists/playlists.module.js';
import { SongsModule } from '../songs/songs.module.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

/** User pages list songs, albums and playlists in the shapes their own modules present. */
@Module({ imports: [SongsModule, AlbumsModule, PlaylistsModule], controllers: [UsersController], providers: [UsersService] })
export class UsersModule {}
