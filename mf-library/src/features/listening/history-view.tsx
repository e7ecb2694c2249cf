import { useCallback, useEffect, useState } from 'react';
import type { HistoryPlay } from '@tunafy/contracts';
import { Button, ClockIcon, EmptyState, ErrorState, RowsSkeleton, themeClassName } from '@tunafy/ui';
import { ActionBar, CollectionHeader } from '../../components/collection-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { GradientCover } from '../../components/cover';
import { LoadMore } from '../../components/load-more';
import { PageSection } from '../../components/page-section';
import { PrimaryLink } from '../../components/states';
import theme from '../../components/theme.module.css';
import { asApiError } from '../../lib/use-api';
import { clearHistory, fetchHistory, setHistoryPaused } from './api';
import { FixedSongs, type SongListComponent } from '../../components/fixed-songs';
import { groupByDay } from './history-days';

interface Loaded {
  plays: HistoryPlay[];
  next: string | null;
  paused: boolean;
}

/**
 * `/history`: every play, newest first, grouped by day, a page at a time; pausing keeps new plays out of it (and
 * out of Your top), clearing empties both (docs/listening.md).
 */
export function HistoryView({ songList }: { songList: SongListComponent }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [fetching, setFetching] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    fetchHistory(null, controller.signal).then(
      (answer) => setLoaded({ plays: answer.plays, next: answer.next_before, paused: answer.paused }),
      (failure: unknown) => controller.signal.aborted || setError(asApiError(failure)),
    );
    return () => controller.abort();
  }, [version]);

  const loadMore = useCallback(() => {
    if (!loaded?.next || fetching) return;
    setFetching(true);
    fetchHistory(loaded.next).then(
      (answer) => setLoaded((before) => before && { plays: [...before.plays, ...answer.plays], next: answer.next_before, paused: answer.paused }),
      (failure: unknown) => setError(asApiError(failure)),
    ).finally(() => setFetching(false));
  }, [loaded, fetching]);

  const togglePause = async () => {
    if (!loaded) return;
    try {
      const { paused } = await setHistoryPaused(!loaded.paused);
      setLoaded({ ...loaded, paused });
    } catch (failure) {
      setError(asApiError(failure));
    }
  };

  const header = (
    <CollectionHeader
      kind="History"
      title="Listening history"
      description={loaded?.paused ? 'Paused: new plays are not being added.' : 'Every song you played, newest first.'}
      tint="rgba(30, 80, 110, 0.6)"
      meta={[]}
      cover={<GradientCover size={192} to="#3a7bd5">{(className) => <ClockIcon className={className} />}</GradientCover>}
    />
  );
  const actions = loaded && (
    <ActionBar>
      <Button variant="secondary" size="small" onClick={togglePause}>
        {loaded.paused ? 'Resume history' : 'Pause history'}
      </Button>
      <Button variant="secondary" size="small" onClick={() => setConfirming(true)} disabled={loaded.plays.length === 0}>
        Clear history
      </Button>
    </ActionBar>
  );

  let body;
  if (error && !loaded) body = <ErrorState title="Couldn't load your history" text={error.message} actions={<Button onClick={() => setVersion((v) => v + 1)}>Try again</Button>} />;
  else if (!loaded) body = <RowsSkeleton label="Loading your history" rows={5} />;
  else if (loaded.plays.length === 0)
    body = <EmptyState icon={<ClockIcon />} title={loaded.paused ? 'Your history is paused' : 'Songs you play will appear here'} text="Play something and come back: every play is kept here, by day." actions={<PrimaryLink to="/songs">Find songs</PrimaryLink>} />;
  else
    body = (
      <>
        {groupByDay(loaded.plays).map((day) => (
          <PageSection key={day.key} id={`history-${day.key}`} title={day.label}>
            <FixedSongs key={day.plays.map((play) => play.id).join()} songs={day.plays.map((play) => play.song)} source={`history:${day.key}`} label={`Played ${day.label}`} songList={songList} />
          </PageSection>
        ))}
        {loaded.next && <LoadMore onLoadMore={loadMore} fetching={fetching} label="Show older plays" />}
      </>
    );

  return (
    <div className={`${themeClassName} ${theme.page}`}>
      {header}
      {actions}
      {body}
      {confirming && (
        <ConfirmDialog
          title="Clear listening history"
          message="This removes every play from your history and your top lists. It cannot be undone."
          confirmLabel="Clear history"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await clearHistory();
            setConfirming(false);
            setLoaded((before) => before && { plays: [], next: null, paused: before.paused });
          }}
        />
      )}
    </div>
  );
}
