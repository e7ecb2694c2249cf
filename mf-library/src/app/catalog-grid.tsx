import type { ReactNode } from 'react';
import { EmptyState, themeClassName } from '@tunafy/ui';
import { guestGuard, pageTitleClassName } from '../components/media-card';
import { PagedCards } from '../components/paged-cards';
import { PrimaryLink } from '../components/states';
import theme from '../components/theme.module.css';
import { usePagedList, type Page } from '../lib/use-paged-list';
import { HOME } from './back-links';

const PAGE_SIZE = 48;

interface CatalogGridProps<T> {
  /** The page's heading and the grid's name ("Tunafy Albums"). */
  title: string;
  noun: 'album' | 'playlist';
  fetchPage: (limit: number, cursor: string | null, signal: AbortSignal) => Promise<Page<T>>;
  guest: boolean;
  /** The empty state, whose action creates the first one (guests are asked to log in instead). */
  empty: { icon: ReactNode; title: string; text: string; create: string };
  cards: (items: readonly T[]) => ReactNode;
}

/** `/albums` and `/playlists`: every album or playlist as a grid, read a page at a time (SPEC §2). */
export function CatalogGrid<T>({ title, noun, fetchPage, guest, empty, cards }: CatalogGridProps<T>) {
  const list = usePagedList(fetchPage, { firstPageSize: PAGE_SIZE, pageSize: PAGE_SIZE, autoLoad: false, reloadOn: [noun] });
  const create = (
    <PrimaryLink to={`/${noun}s/new`} onClick={guestGuard(guest)}>
      {empty.create}
    </PrimaryLink>
  );
  return (
    <div className={`${themeClassName} ${theme.page}`}>
      <h1 className={pageTitleClassName}>{title}</h1>
      <PagedCards list={list} noun={noun} skeletonCount={12} backTo={HOME} empty={<EmptyState icon={empty.icon} title={empty.title} text={empty.text} actions={create} />}>
        {cards}
      </PagedCards>
    </div>
  );
}
