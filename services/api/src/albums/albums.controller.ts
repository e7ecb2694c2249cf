import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { pageQuerySchema, type Album, type AlbumDetail, type AlbumSongsResponse, type DeletedResponse, type PageQuery, type SessionUser } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { CurrentUser, Public } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { UploadFiles, firstFile, type UploadedFileMap } from '../media/upload.interceptor.js';
import { ALBUM_COVER_FIELD, AlbumsService } from './albums.service.js';

const coverUpload = UploadFiles([{ name: ALBUM_COVER_FIELD, kind: 'image' }]);

@ApiTags('albums')
@Controller('albums')
export class AlbumsController {
  constructor(private readonly albums: AlbumsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'All albums, oldest first ({albums, next_cursor, total}); a page with limit and cursor or offset; open to guests for the home page; ETag for 304s' })
  list(@Query(new ZodPipe(pageQuerySchema)) page: PageQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.albums.list(page, req, res);
  }

  // Declared before ':id' so 'current' is not taken for an album id.
  @Get('current/:userId')
  @ApiOperation({ summary: 'The user’s own albums as a bare array (:userId must be your own id)' })
  listOwn(@Param('userId') userId: string, @CurrentUser() user: SessionUser): Promise<Album[]> {
    return this.albums.listOwn(userId, user);
  }

  @Post('new')
  @UseInterceptors(coverUpload)
  @ApiOperation({ summary: 'Create an album (multipart: album_name, album_cover_url file); the artist is the session user' })
  create(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>, @UploadedFiles() files: UploadedFileMap): Promise<Album> {
    return this.albums.create(user, body, firstFile(files, ALBUM_COVER_FIELD));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One album, with its song_count and total_duration' })
  get(@Param('id') id: string): Promise<AlbumDetail> {
    return this.albums.get(id);
  }

  @Get(':id/songs')
  @ApiOperation({ summary: 'An album’s songs ({songs, next_cursor, total}); a page with limit and cursor or offset' })
  songs(@Param('id') id: string, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<AlbumSongsResponse> {
    return this.albums.songsOf(id, page);
  }

  @Put(':id/update')
  @UseInterceptors(coverUpload)
  @ApiOperation({ summary: 'Rename an album and optionally replace its cover (artist only)' })
  update(
    @Param('id') id: string,
    @CurrentUser() user: SessionUser,
    @Body() body: Record<string, unknown>,
    @UploadedFiles() files: UploadedFileMap,
  ): Promise<Album> {
    return this.albums.update(user, id, body, firstFile(files, ALBUM_COVER_FIELD));
  }

  @Put(':id/add')
  @UseInterceptors(UploadFiles([]))
  @ApiOperation({ summary: 'Put one of your songs into your album ({song_id}; multipart, urlencoded or JSON); moves it from another album; answers the album’s {songs}' })
  addSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<AlbumSongsResponse> {
    return this.albums.addSong(user, id, body);
  }

  @Put(':id/remove')
  @UseInterceptors(UploadFiles([]))
  @ApiOperation({ summary: 'Take a song out of your album ({song_id}); 404 if it is not in it; answers the album’s remaining {songs}' })
  removeSong(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<AlbumSongsResponse> {
    return this.albums.removeSong(user, id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an album (artist only); its songs stay, with no album' })
  delete(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<DeletedResponse> {
    return this.albums.delete(user, id);
  }
}
