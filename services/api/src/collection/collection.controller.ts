import { Body, Controller, Delete, Get, Param, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { pageQuerySchema, type LikeRecord, type LikedSong, type LikedSongsPage, type PageQuery, type SessionUser, type UnlikedResponse } from '@tunafy/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { UploadFiles } from '../media/upload.interceptor.js';
import { CollectionService } from './collection.service.js';

@ApiTags('collection')
@Controller('collection/:userId')
export class CollectionController {
  constructor(private readonly collection: CollectionService) {}

  @Get('tracks')
  @ApiOperation({ summary: 'Your liked songs, newest first (:userId must be your own id): every one as a bare array, or with limit (and cursor or offset) a page {tracks, next_cursor, total}' })
  tracks(@Param('userId') userId: string, @CurrentUser() user: SessionUser, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<LikedSong[] | LikedSongsPage> {
    return this.collection.tracks(userId, user, page);
  }

  @Post('new')
  @UseInterceptors(UploadFiles([]))
  @ApiOperation({ summary: 'Like a song ({song_id}); 201 when new, 200 with the same record when already liked' })
  async like(
    @Param('userId') userId: string,
    @CurrentUser() user: SessionUser,
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LikeRecord> {
    const { like, created } = await this.collection.like(userId, user, body);
    // The status tells a retry apart from a first like; the body is the same record either way.
    res.status(created ? 201 : 200);
    return like;
  }

  @Delete('delete')
  @UseInterceptors(UploadFiles([]))
  @ApiOperation({ summary: 'Unlike a song ({song_id}); idempotent, 200 {song_id, liked: false} even if it was not liked' })
  unlike(@Param('userId') userId: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<UnlikedResponse> {
    return this.collection.unlike(userId, user, body);
  }

  @Get('liked/:songId')
  @ApiOperation({ summary: 'Your like record for a song, or 404 when you have not liked it' })
  liked(@Param('userId') userId: string, @Param('songId') songId: string, @CurrentUser() user: SessionUser): Promise<LikeRecord> {
    return this.collection.liked(userId, songId, user);
  }
}
