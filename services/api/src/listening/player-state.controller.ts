import { Body, Controller, Get, Put } from '@nestjs/common';
import type { PlayerState, SavedPlayerState, SessionUser } from '@tunafy/contracts';
import { CurrentUser } from '../common/auth.decorators.js';
import { PlayerStateService } from './player-state.service.js';

@Controller('me/player-state')
export class PlayerStateController {
  constructor(private readonly playerState: PlayerStateService) {}

  @Put()
  save(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<SavedPlayerState> {
    return this.playerState.save(user, body);
  }

  @Get()
  load(@CurrentUser() user: SessionUser): Promise<PlayerState> {
    return this.playerState.load(user);
  }
}
