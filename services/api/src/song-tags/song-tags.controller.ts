import { Body, Controller, Param, Put } from '@nestjs/common';
import type { SessionUser, Song, SongsTagsResponse } from '@tunafy/contracts';
import { CurrentUser } from '../common/auth.decorators.js';
import { SongTagsService } from './song-tags.service.js';

@Controller('songs')
export class SongTagsController {
  constructor(private readonly tags: SongTagsService) {}

  // Declared before ':id/tags' is matched: 'tags' alone is the multi-selection's route.
  @Put('tags')
  correctMany(@CurrentUser() user: SessionUser, @Body() body: unknown): Promise<SongsTagsResponse> {
    return this.tags.correctMany(user, body);
  }

  @Put(':id/tags')
  correct(@Param('id') id: string, @CurrentUser() user: SessionUser, @Body() body: unknown): Promise<Song> {
    return this.tags.correct(user, id, body);
  }
}
