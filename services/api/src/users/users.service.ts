import { Injectable } from '@nestjs/common';
import type { PageQuery, UsersResponse } from '@tunafy/contracts';
import { CatalogReadModel } from '../catalog/catalog-read-model.js';
import { pageBody } from '../catalog/list-responses.js';
import { toPageRequest } from '../catalog/page-query.js';

/** Public user names (no emails), by id, from the in-memory catalog. */
@Injectable()
export class UsersService {
  constructor(private readonly catalog: CatalogReadModel) {}

  async list(page: PageQuery): Promise<UsersResponse> {
    return pageBody('users', (await this.catalog.current()).usersPage(toPageRequest(page)), (users) => users);
  }
}
