import { Body, Controller, Get, Post, Query, Res, UseInterceptors } from '@nestjs/common';
import type { PlayResponse, RecentlyPlayedResponse, SessionUser } from '@tunafy/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../common/auth.decorators.js';
import { UploadFiles } from '../media/upload.interceptor.js';
import { PlaysService } from './plays.service.js';

@Controller()
export class PlaysController {
  constructor(private readonly plays: PlaysService) {}

  @Post('plays')
  @UseInterceptors(UploadFiles([]))
  async play(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<PlayResponse> {
    const result = await this.plays.play(user, body);
    res.status(result.counted ? 201 : 200);
    return result;
  }

  @Get('me/recently-played')
  recentlyPlayed(@CurrentUser() user: SessionUser, @Query() query: Record<string, unknown>): Promise<RecentlyPlayedResponse> {
    return this.plays.recentlyPlayed(user, query);
  }
}
