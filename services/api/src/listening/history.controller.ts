import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import type { HistoryClearedResponse, HistoryResponse, HistorySettings, RecentItemsResponse, SessionUser, TopResponse } from '@tunafy/contracts';
import { CurrentUser } from '../common/auth.decorators.js';
import { HistoryService } from './history.service.js';

/** The user's own listening: history, top lists, pause and clear (docs/listening.md). */
@Controller('me')
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get('history')
  page(@CurrentUser() user: SessionUser, @Query() query: Record<string, unknown>): Promise<HistoryResponse> {
    return this.history.page(user, query);
  }

  @Put('history/settings')
  settings(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<HistorySettings> {
    return this.history.setSettings(user, body);
  }

  @Delete('history')
  clear(@CurrentUser() user: SessionUser): Promise<HistoryClearedResponse> {
    return this.history.clear(user);
  }

  @Get('recent-items')
  recentItems(@CurrentUser() user: SessionUser, @Query() query: Record<string, unknown>): Promise<RecentItemsResponse> {
    return this.history.recentItems(user, query);
  }

  @Get('top')
  top(@CurrentUser() user: SessionUser, @Query() query: Record<string, unknown>): Promise<TopResponse> {
    return this.history.top(user, query);
  }
}
