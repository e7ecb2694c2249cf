import type { GenresResponse } from '@tunafy/contracts';
import { EmptyState, RowsSkeleton, TagIcon, themeClassName } from '@tunafy/ui';
import { pageTitleClassName } from '../../components/media-card';
import { LoadError, PrimaryLink } from '../../components/states';
import theme from '../../components/theme.module.css';
import { useApi } from '../../lib/use-api';
import { GenreTiles } from '../shared/genre-tiles';
import { genresPath } from '../shared/genres-api';

const HOME = { to: '/', label: 'Go home' };

/** `/genres`: every genre the songs' tags name, with its song count, each a tile leading to its songs. */
export function GenreList() {
  // Genres come and go with the songs that carry them.
  const answer = useApi<GenresResponse>(genresPath, ['song']);
  const genres = answer.data?.genres;

  let body;
  if (genres && genres.length > 0) body = <GenreTiles genres={genres} />;
  else if (genres) body = <EmptyState icon={<TagIcon />} title="No genres yet" text="Songs whose tags name a genre show up here by it. Upload tagged music to start." actions={<PrimaryLink to="/upload">Upload Music</PrimaryLink>} />;
  else if (answer.error) body = <LoadError error={answer.error} what="genre list" onRetry={answer.reload} backTo={HOME} />;
  else body = <RowsSkeleton label="Loading genres" rows={6} />;

  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <h1 className={pageTitleClassName}>Genres</h1>
      {body}
    </div>
  );
}
