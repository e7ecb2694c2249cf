import { Body, Controller, Get, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PlayResponse, RecentlyPlayedResponse, SessionUser } from '@tunafy/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../common/auth.decorators.js';
import { UploadFiles } from '../media/upload.interceptor.js';
import { PlaysService } from './plays.service.js';

@ApiTags('listening')
@Controller()
export class PlaysController {
  constructor(private readonly plays: PlaysService) {}

  @Post('plays')
  @UseInterceptors(UploadFiles([]))
  @ApiOperation({ summary: 'Count a play ({song_id}) after 30 s or at the end; 201 {counted: true}, or 200 {counted: false} within 30 s of the last counted play of that song' })
  async play(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<PlayResponse> {
    const result = await this.plays.play(user, body);
    res.status(result.counted ? 201 : 200);
    return result;
  }

  @Get('me/recently-played')
  @ApiOperation({ summary: 'Your recently played songs, distinct, most recent first ({songs}); limit 1-50, default 20' })
  recentlyPlayed(@CurrentUser() user: SessionUser, @Query() query: Record<string, unknown>): Promise<RecentlyPlayedResponse> {
    return this.plays.recentlyPlayed(user, query);
  }
}
