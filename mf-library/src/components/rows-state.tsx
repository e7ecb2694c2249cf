import type { ReactNode } from 'react';
import type { ApiError } from '@tunafy/api-client';
import { RowsSkeleton } from '@tunafy/ui';
import type { BackTo } from './item-route';
import { ListSlotContext, useSlotProbe } from './list-slot';
import { LoadError } from './states';

interface RowsStateProps {
  /** The list's state, as usePagedRows gives it: the total once the first page is in. */
  rows: { total: number | null; error: ApiError | null; reload: () => void };
  /** The list, as the load error names it ("album's songs"). */
  what: string;
  backTo: BackTo;
  skeleton: { label: string; rows?: number };
  /** Shown when the list holds no song. */
  empty: ReactNode;
  /** The list itself, once it holds songs. */
  children: ReactNode;
}

/** A song list's body on a page: the skeleton until the first page, then the list or its empty state, or the load error. */
export function RowsState({ rows, what, backTo, skeleton, empty, children }: RowsStateProps) {
  const { slot, probe } = useSlotProbe();
  if (rows.total !== null) return rows.total > 0 ? <ListSlotContext.Provider value={slot}>{children}</ListSlotContext.Provider> : empty;
  if (rows.error) return <LoadError error={rows.error} what={what} onRetry={rows.reload} backTo={backTo} />;
  return (
    <div ref={probe}>
      <RowsSkeleton label={skeleton.label} rows={skeleton.rows} />
    </div>
  );
}
