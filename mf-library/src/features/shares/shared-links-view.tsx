import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Share } from '@tunafy/contracts';
import { Button, EmptyState, ErrorState, LinkIcon, RowsSkeleton, themeClassName } from '@tunafy/ui';
import { CollectionHeader } from '../../components/collection-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { GradientCover } from '../../components/cover';
import { LoadMore } from '../../components/load-more';
import { PrimaryLink } from '../../components/states';
import theme from '../../components/theme.module.css';
import { notify } from '../../lib/bus';
import { formatCountOf } from '../../lib/format';
import { asApiError } from '../../lib/use-api';
import { fetchShares, revokeShare } from './api';
import styles from './shares.module.css';

interface Loaded {
  shares: Share[];
  next: string | null;
}

const ITEM_PATH: Record<Share['kind'], string> = { song: '/songs', album: '/albums', playlist: '/playlists' };
const KIND_LABEL: Record<Share['kind'], string> = { song: 'Song', album: 'Album', playlist: 'Playlist' };

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** One line on a share: what, when made, when it stops, how often opened, and why it does not play if it does not. */
export function describeShare(share: Share): string {
  const parts = [KIND_LABEL[share.kind], `Created ${day(share.created_at)}`];
  if (share.state === 'expired') parts.push(`Expired ${day(share.expires_at!)}`);
  else parts.push(share.expires_at ? `Expires ${day(share.expires_at)}` : 'Never expires');
  parts.push(formatCountOf(share.opens, 'open', 'opens'));
  if (share.state === 'private') parts.push('Not playing while the playlist is private');
  return parts.join(' · ');
}

/** `/settings/shares`: the links the user made (docs/shares.md), newest first, each revocable. */
export function SharedLinksView() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [fetching, setFetching] = useState(false);
  const [revoking, setRevoking] = useState<Share | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    fetchShares(null, controller.signal).then(
      (answer) => setLoaded({ shares: answer.shares, next: answer.next_cursor }),
      (failure: unknown) => controller.signal.aborted || setError(asApiError(failure)),
    );
    return () => controller.abort();
  }, [version]);

  const loadMore = useCallback(() => {
    if (!loaded?.next || fetching) return;
    setFetching(true);
    fetchShares(loaded.next)
      .then(
        (answer) => setLoaded((before) => before && { shares: [...before.shares, ...answer.shares], next: answer.next_cursor }),
        (failure: unknown) => setError(asApiError(failure)),
      )
      .finally(() => setFetching(false));
  }, [loaded, fetching]);

  let body;
  if (error && !loaded) body = <ErrorState title="Couldn't load your shared links" text={error.message} actions={<Button onClick={() => setVersion((v) => v + 1)}>Try again</Button>} />;
  else if (!loaded) body = <RowsSkeleton label="Loading your shared links" rows={4} />;
  else if (loaded.shares.length === 0)
    body = (
      <EmptyState
        icon={<LinkIcon />}
        title="No shared links yet"
        text="Choose Copy link to share in the menu of one of your songs, albums or public playlists: anyone with the link can listen without an account."
        actions={<PrimaryLink to="/songs">Find your songs</PrimaryLink>}
      />
    );
  else
    body = (
      <>
        <ul className={styles.list} aria-label="Shared links">
          {loaded.shares.map((share) => (
            <li key={share.id} className={styles.row}>
              <Link className={styles.name} to={`${ITEM_PATH[share.kind]}/${share.item_id}`}>
                {share.item_name}
              </Link>
              <p className={styles.details}>{describeShare(share)}</p>
              <span className={styles.revoke}>
                <Button variant="secondary" size="small" onClick={() => setRevoking(share)} aria-label={`Revoke the link to ${share.item_name}`}>
                  Revoke
                </Button>
              </span>
            </li>
          ))}
        </ul>
        {loaded.next && <LoadMore onLoadMore={loadMore} fetching={fetching} label="Show more links" />}
      </>
    );

  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <CollectionHeader
        kind="Settings"
        title="Shared links"
        description="Links you made to your songs, albums and playlists. Anyone holding one can listen without an account until you revoke it."
        tint="rgba(30, 110, 80, 0.6)"
        meta={[]}
        cover={<GradientCover size={192} to="#1db954">{(className) => <LinkIcon className={className} />}</GradientCover>}
      />
      {body}
      {revoking && (
        <ConfirmDialog
          title="Revoke link"
          message={`The link to ${revoking.item_name} stops working for everyone who has it. This cannot be undone.`}
          confirmLabel="Revoke"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revokeShare(revoking.id);
            setLoaded((before) => before && { ...before, shares: before.shares.filter((share) => share.id !== revoking.id) });
            setRevoking(null);
            notify('Link revoked');
          }}
        />
      )}
    </div>
  );
}
