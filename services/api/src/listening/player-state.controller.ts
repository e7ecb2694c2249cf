import { Body, Controller, Get, Put, Res } from '@nestjs/common';
import type { PlayerState, SavedPlayerState, SessionUser } from '@tunafy/contracts';
import type { Response } from 'express';
import { CurrentUser } from '../common/auth.decorators.js';
import { PlayerStateService } from './player-state.service.js';

@Controller('me/player-state')
export class PlayerStateController {
  constructor(private readonly playerState: PlayerStateService) {}

  @Put()
  save(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<SavedPlayerState> {
    return this.playerState.save(user, body);
  }

  /** 204 when nothing was saved yet: a new listener's every page load is not an error (a 404 lands in the console). */
  @Get()
  async load(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<PlayerState | undefined> {
    const state = await this.playerState.load(user);
    if (state) return state;
    res.status(204);
    return undefined;
  }
}
