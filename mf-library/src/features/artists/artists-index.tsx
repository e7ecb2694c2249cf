import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, PersonIcon, RowsSkeleton, themeClassName } from '@tunafy/ui';
import { pageTitleClassName } from '../../components/media-card';
import { LoadError, PrimaryLink } from '../../components/states';
import theme from '../../components/theme.module.css';
import { formatCountOf } from '../../lib/format';
import { usePagedRows } from '../../lib/use-paged-rows';
import { artistRows, artistsPagePath } from '../shared/artists-api';
import { ArtistLetters } from './artist-letters';
import { ArtistList } from './artist-list';
import styles from './artists.module.css';

const ALL_ARTISTS = { to: '/artists', label: 'All artists' };

/**
 * `/artists` (and `?letter=`): every credited artist A–Z by sort name, the letter bar above, the rows read a page at a
 * time by position. The head and the letter bar stay while the letter changes (focus stays on the letter chosen);
 * the list under them is a new one per letter (its rows, its total).
 */
export function ArtistsIndex({ letter }: { letter: string | null }) {
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <div className={styles.head}>
        <h1 className={pageTitleClassName}>Artists</h1>
        <Link to="/genres" className={styles.headLink}>
          Browse genres
        </Link>
      </div>
      <ArtistLetters current={letter} />
      <ArtistsUnder key={letter ?? 'all'} letter={letter} />
    </div>
  );
}

function ArtistsUnder({ letter }: { letter: string | null }) {
  const [fetchRows] = useState(() => artistRows(letter));
  // Artists come and go with the songs that credit them (an upload, a correction, a delete).
  const rows = usePagedRows(fetchRows, { reloadOn: ['song', 'album'] });
  const under = letter ? `under ${letter}` : '';

  if (rows.total !== null && rows.total > 0)
    return (
      <div className={styles.listArea}>
        <p className={styles.count}>{`${formatCountOf(rows.total, 'artist', 'artists')}${under ? ` ${under}` : ''}`}</p>
        <ArtistList rows={rows} total={rows.total} label={under ? `Artists ${under}` : 'Artists'} />
      </div>
    );
  if (rows.total === 0)
    return letter ? (
      <EmptyState icon={<PersonIcon />} title={`No artists ${under}`} text="Pick another letter, or see every artist." actions={<PrimaryLink to={artistsPagePath(null)}>All artists</PrimaryLink>} />
    ) : (
      <EmptyState icon={<PersonIcon />} title="No artists yet" text="Upload tagged music: the artists its tags name show up here, A to Z." actions={<PrimaryLink to="/upload">Upload Music</PrimaryLink>} />
    );
  if (rows.error) return <LoadError error={rows.error} what="artist list" onRetry={rows.reload} backTo={ALL_ARTISTS} />;
  return <RowsSkeleton label="Loading artists" />;
}
