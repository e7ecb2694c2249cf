import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { pageQuerySchema, type PageQuery, type UsersResponse } from '@tunafy/contracts';
import { ZodPipe } from '../common/zod.pipe.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'Ids and usernames of all users (never emails)' })
  list(@Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<UsersResponse> {
    return this.users.list(page);
  }
}
