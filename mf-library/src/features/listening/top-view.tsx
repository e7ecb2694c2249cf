import { useState } from 'react';
import { Link } from 'react-router';
import { TOP_PERIOD_LABELS, TOP_PERIODS, type TopPeriod, type TopResponse } from '@tunafy/contracts';
import { Button, EmptyState, ErrorState, PersonIcon, RowsSkeleton, themeClassName } from '@tunafy/ui';
import { CollectionHeader } from '../../components/collection-header';
import { GradientCover } from '../../components/cover';
import { PageSection } from '../../components/page-section';
import { PrimaryLink } from '../../components/states';
import theme from '../../components/theme.module.css';
import { formatCountOf } from '../../lib/format';
import { useApi } from '../../lib/use-api';
import { AlbumCards } from '../../components/album-cards';
import { topPath } from './api';
import { FixedSongs, type SongListComponent } from '../../components/fixed-songs';
import styles from './listening.module.css';

const plays = (count: number) => formatCountOf(count, 'play', 'plays');

function TopLists({ top, songList }: { top: TopResponse; songList: SongListComponent }) {
  const label = TOP_PERIOD_LABELS[top.period].toLowerCase();
  if (top.songs.length === 0)
    return <EmptyState icon={<PersonIcon />} title={`Nothing played ${label === 'all time' ? 'yet' : label}`} text="Your most played songs, artists and albums appear here as you listen." actions={<PrimaryLink to="/songs">Find songs</PrimaryLink>} />;
  return (
    <>
      <PageSection id="top-songs" title="Top songs" note="Most played first">
        <FixedSongs key={`${top.period}:${top.songs.map(({ song, plays: count }) => `${song.id}.${count}`).join()}`} songs={top.songs.map(({ song }) => song)} source={`top:${top.period}`} label={`Your top songs, ${label}`} songList={songList} />
      </PageSection>
      {top.artists.length > 0 && (
        <PageSection id="top-artists" title="Top artists">
          <ol className={styles.ranked} aria-label={`Your top artists, ${label}`}>
            {top.artists.map(({ artist, plays: count }) => (
              <li key={artist.id}>
                <Link to={`/artists/${artist.id}`}>{artist.name}</Link> <span className={styles.count}>{plays(count)}</span>
              </li>
            ))}
          </ol>
        </PageSection>
      )}
      {top.albums.length > 0 && (
        <PageSection id="top-albums" title="Top albums">
          <AlbumCards albums={top.albums.map(({ album }) => album)} guest={false} label={`Your top albums, ${label}`} />
        </PageSection>
      )}
    </>
  );
}

/** `/top`: your most played songs, credited artists and albums this month, this year or of all time (docs/listening.md). */
export function TopView({ songList }: { songList: SongListComponent }) {
  const [period, setPeriod] = useState<TopPeriod>('month');
  const top = useApi<TopResponse>(topPath(period), ['song', 'album']);
  let body;
  if (top.error && !top.data) body = <ErrorState title="Couldn't load your top lists" text={top.error.message} actions={<Button onClick={top.reload}>Try again</Button>} />;
  else if (!top.data || top.data.period !== period) body = <RowsSkeleton label="Loading your top lists" rows={5} />;
  else body = <TopLists top={top.data} songList={songList} />;
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Your listening"
        title="Your top"
        description="Made from the songs you play."
        tint="rgba(110, 40, 90, 0.6)"
        meta={[TOP_PERIOD_LABELS[period]]}
        cover={<GradientCover size={192} to="#c2185b">{(className) => <PersonIcon className={className} />}</GradientCover>}
      />
      <div className={styles.periods} role="group" aria-label="Period">
        {TOP_PERIODS.map((option) => (
          <Button key={option} variant={option === period ? 'primary' : 'secondary'} size="small" aria-pressed={option === period} onClick={() => setPeriod(option)}>
            {TOP_PERIOD_LABELS[option]}
          </Button>
        ))}
      </div>
      {body}
    </div>
  );
}
