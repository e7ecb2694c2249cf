import type { ReactNode } from 'react';
import { CardsSkeleton } from '@tunafy/ui';
import type { PagedList } from '../lib/use-paged-list';
import type { BackTo } from './item-route';
import { LoadMore } from './load-more';
import { LoadError } from './states';

interface PagedCardsProps<T> {
  list: PagedList<T>;
  /** The items, as the texts name them: "album" gives "Loading albums", "album list" and "Show more albums". */
  noun: 'album' | 'playlist';
  skeletonCount: number;
  backTo: BackTo;
  /** Shown when the list is in and holds nothing; the (empty) cards otherwise. */
  empty?: ReactNode;
  /** The cards of the pages read so far. */
  children: (items: readonly T[]) => ReactNode;
}

/** A grid of cards read a page at a time: its skeleton, its load error, the cards and Show more while pages are left. */
export function PagedCards<T>({ list, noun, skeletonCount, backTo, empty, children }: PagedCardsProps<T>) {
  if (list.loading) return <CardsSkeleton label={`Loading ${noun}s`} count={skeletonCount} />;
  if (list.error && list.items.length === 0) return <LoadError error={list.error} what={`${noun} list`} onRetry={list.reload} backTo={backTo} />;
  if (list.items.length === 0 && empty) return empty;
  return (
    <>
      {children(list.items)}
      {!list.complete && <LoadMore onLoadMore={list.loadMore} fetching={list.fetching} label={`Show more ${noun}s`} />}
    </>
  );
}
