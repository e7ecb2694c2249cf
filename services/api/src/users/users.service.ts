import { Injectable } from '@nestjs/common';
import type { PageQuery, UsersResponse } from '@tunafy/contracts';
import { decodeCursor, nextCursor } from '../common/paging.js';
import { UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  async list(page: PageQuery): Promise<UsersResponse> {
    const users = await this.users.listPublic({ limit: page.limit, afterId: decodeCursor(page.cursor) });
    return { users, next_cursor: nextCursor(users, page.limit) };
  }
}
