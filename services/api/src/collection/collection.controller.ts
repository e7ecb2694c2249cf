import { Body, Controller, Delete, Get, Param, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import { pageQuerySchema, type LikeRecord, type LikedSong, type LikedSongsPage, type PageQuery, type SessionUser, type UnlikedResponse } from '@tunafy/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { UploadFiles } from '../media/upload.interceptor.js';
import { CollectionService } from './collection.service.js';

@Controller('collection/:userId')
export class CollectionController {
  constructor(private readonly collection: CollectionService) {}

  @Get('tracks')
  tracks(@Param('userId') userId: string, @CurrentUser() user: SessionUser, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<LikedSong[] | LikedSongsPage> {
    return this.collection.tracks(userId, user, page);
  }

  @Post('new')
  @UseInterceptors(UploadFiles([]))
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
  unlike(@Param('userId') userId: string, @CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<UnlikedResponse> {
    return this.collection.unlike(userId, user, body);
  }

  @Get('liked/:songId')
  liked(@Param('userId') userId: string, @Param('songId') songId: string, @CurrentUser() user: SessionUser): Promise<LikeRecord> {
    return this.collection.liked(userId, songId, user);
  }
}
