import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { searchQuerySchema, type SearchQuery, type SearchResponse, type SessionUser } from '@tunafy/contracts';
import { CurrentUser } from '../common/auth.decorators.js';
import { ZodPipe } from '../common/zod.pipe.js';
import { SearchService } from './search.service.js';

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOperation({ summary: 'Songs, albums and playlists with a word starting with each word of q (case- and accent-insensitive), best matches first; up to `limit` of each' })
  find(@Query(new ZodPipe(searchQuerySchema)) query: SearchQuery, @CurrentUser() user: SessionUser): Promise<SearchResponse> {
    return this.search.search(query, user);
  }
}
