import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { AppPasswordsResponse, CreatedAppPassword, DeletedResponse, SessionUser } from '@tunafy/contracts';
import { CurrentUser } from '../common/auth.decorators.js';
import { AppPasswordsService } from './app-passwords.service.js';

/** The Connected apps screen's calls (docs/subsonic.md). */
@Controller('me/app-passwords')
export class AppPasswordsController {
  constructor(private readonly appPasswords: AppPasswordsService) {}

  @Get()
  list(@CurrentUser() user: SessionUser): Promise<AppPasswordsResponse> {
    return this.appPasswords.list(user);
  }

  @Post()
  @HttpCode(201)
  create(@CurrentUser() user: SessionUser, @Body() body: Record<string, unknown>): Promise<CreatedAppPassword> {
    return this.appPasswords.create(user, body);
  }

  @Delete(':id')
  revoke(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<DeletedResponse> {
    return this.appPasswords.revoke(user, id);
  }
}
