import type { GenreSongsResponse, Song } from '@tunafy/contracts';
import { offsetRows } from './api';
import type { FetchRows } from '../../lib/use-paged-rows';

/** A genre's page, where a song's genre leads. Names are free text from tags ("Hip-Hop/Rap"): encoded whole. */
export const genrePagePath = (name: string) => `/genres/${encodeURIComponent(name)}`;

/** Every genre with its song count (GET /api/genres): a short list, read whole. */
export const genresPath = '/api/genres';

/** A genre's songs by position, a page at a time (a genre can hold most of a 100,000-song catalog). */
export const genreSongRows = (name: string): FetchRows<Song> =>
  offsetRows(`/api/genres/${encodeURIComponent(name)}/songs`, (answer: GenreSongsResponse) => ({ items: answer.songs, total: answer.total }));
