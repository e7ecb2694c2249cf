import { Body, Controller, HttpCode, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import type { ImportCheckResponse, ImportResponse, SessionUser } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { CurrentUser } from '../common/auth.decorators.js';
import { AudioSpoolInterceptor, type SpooledFiles } from './audio-spool.interceptor.js';
import { UploadsService } from './uploads.service.js';

@Controller('uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('songs')
  @UseInterceptors(AudioSpoolInterceptor)
  async upload(
    @CurrentUser() user: SessionUser,
    @Req() req: Request & { spooled?: SpooledFiles },
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ImportResponse> {
    const result = await this.uploads.upload(user, req.spooled ?? {}, body ?? {});
    res.status(result.status === 'imported' ? 201 : 200);
    return result;
  }

  @Post('check')
  @HttpCode(200)
  check(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<ImportCheckResponse> {
    return this.uploads.check(user, body);
  }
}
