import { Controller, Get, Param, Query } from '@nestjs/common';
import { pageQuerySchema, type ArtistDetail, type ArtistsResponse, type GenreSongsResponse, type GenresResponse, type PageQuery } from '@tunafy/contracts';
import { ZodPipe } from '../common/zod.pipe.js';
import { ArtistsService } from './artists.service.js';

/** Members only, like the other lists a guest is asked to log in for (SPEC: guests see the home page alone). */
@Controller()
export class ArtistsController {
  constructor(private readonly artists: ArtistsService) {}

  @Get('artists')
  list(@Query(new ZodPipe(pageQuerySchema)) page: PageQuery, @Query('letter') letter: unknown): Promise<ArtistsResponse> {
    return this.artists.list(page, { letter });
  }

  @Get('artists/:id')
  get(@Param('id') id: string): Promise<ArtistDetail> {
    return this.artists.get(id);
  }

  @Get('genres')
  genres(): Promise<GenresResponse> {
    return this.artists.genres();
  }

  @Get('genres/:name/songs')
  genreSongs(@Param('name') name: string, @Query(new ZodPipe(pageQuerySchema)) page: PageQuery): Promise<GenreSongsResponse> {
    return this.artists.genreSongs(name, page);
  }
}
