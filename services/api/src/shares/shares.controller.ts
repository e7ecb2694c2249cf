import { Body, Controller, Delete, Get, HttpCode, Inject, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { CreatedShare, DeletedResponse, OEmbedResponse, SessionUser, SharedItem, SharesPage } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { ApiException } from '../common/api-exception.js';
import { CurrentUser, Public } from '../common/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { sendSongStream } from '../http/send-song-stream.js';
import { SongStreams, streamException } from '../streaming/song-streams.service.js';
import { webStreamAsk } from '../media/transcoding/stream-plan.js';
import { Transcoder } from '../media/transcoding/transcoder.js';
import { originOf } from './origin.js';
import { SharePages } from './share-pages.js';
import { SharesService } from './shares.service.js';

/** Share links (docs/shares.md): the owner's calls, and the public ones a share page and its player make. */
@Controller()
export class SharesController {
  private readonly logger = new Logger('Shares');

  constructor(
    private readonly shares: SharesService,
    private readonly pages: SharePages,
    private readonly streams: SongStreams,
    private readonly transcoder: Transcoder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('shares')
  @HttpCode(201)
  create(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>, @Req() req: Request): Promise<CreatedShare> {
    return this.shares.create(user, body, originOf(req, this.config));
  }

  @Get('me/shares')
  list(@CurrentUser() user: SessionUser, @Query() query: Record<string, unknown>): Promise<SharesPage> {
    return this.shares.list(user, query);
  }

  @Delete('shares/:id')
  revoke(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<DeletedResponse> {
    return this.shares.revoke(user, id);
  }

  @Public()
  @Get('shares/:token')
  async read(@Param('token') token: string, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SharedItem> {
    const open = await this.shares.open(token, addressOf(req));
    // The link is the secret: no shared cache keeps the answer past a revoke.
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Referrer-Policy', 'no-referrer');
    return this.shares.view(open);
  }

  /** A song of the share, sent as `/api/songs/{id}/stream` sends it (Range, transcodes); any other song: 404. */
  @Public()
  @Get('shares/:token/songs/:songId/stream')
  async stream(@Param('token') token: string, @Param('songId') songId: string, @Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const open = await this.shares.open(token, addressOf(req));
    const song = await this.shares.song(open, songId);
    const parsed = webStreamAsk({ maxBitRate: query.maxBitRate, format: query.format });
    if (!parsed.ok) throw ApiException.validation(parsed.errors);
    // Listeners without an account share the transcode caps by share and address, as a user's devices share theirs.
    const prepared = await this.streams.prepare(song, parsed.ask, `share:${open.share.id}:${addressOf(req)}`);
    if (!prepared) throw ApiException.notFound('File');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const failure = await sendSongStream(req, res, prepared, { transcoder: this.transcoder, reopen: (fileId) => this.streams.reopen(fileId), logger: this.logger });
    if (!failure) return;
    if (failure.kind === 'too-many-transcodes') res.setHeader('Retry-After', String(failure.retryAfterSeconds));
    throw streamException(failure);
  }

  @Public()
  @Get('oembed')
  oembed(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<OEmbedResponse> {
    return this.pages.oembed(query, originOf(req, this.config), addressOf(req));
  }
}

export function addressOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
