import { Controller, Get, Query } from '@nestjs/common';
import { searchQuerySchema, type SearchQuery, type SearchResponse, type SessionUser } from '@tunafy/contracts';
import { CurrentUser } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { SearchService } from './search.service.js';

@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  find(@Query(new ZodPipe(searchQuerySchema)) query: SearchQuery, @CurrentUser() user: SessionUser): Promise<SearchResponse> {
    return this.search.search(query, user);
  }
}
