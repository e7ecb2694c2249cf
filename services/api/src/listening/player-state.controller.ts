import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { PlayerState, SavedPlayerState, SessionUser } from '@tunafy/contracts';
import { CurrentUser } from '../common/auth.decorators.js';
import { PlayerStateService } from './player-state.service.js';

@ApiTags('listening')
@Controller('me/player-state')
export class PlayerStateController {
  constructor(private readonly playerState: PlayerStateService) {}

  @Put()
  @ApiOperation({ summary: 'Save your player (JSON {queue: song ids, index, position, volume?, shuffle?, repeat?}); answers what was stored, queue as ids' })
  save(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<SavedPlayerState> {
    return this.playerState.save(user, body);
  }

  @Get()
  @ApiOperation({ summary: 'Your saved player with the queue as songs; deleted songs are dropped and index still points at the same song; 404 if never saved' })
  load(@CurrentUser() user: SessionUser): Promise<PlayerState> {
    return this.playerState.load(user);
  }
}
