import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Read-your-writes across API replicas. Each replica answers reads from its own copy of the catalog and picks up
 * the other replicas' changes at most every CATALOG_RECHECK_MS (1 s), so a person who adds a song to a playlist
 * through one replica could open the playlist through another and not find it. A write notes the catalog revision
 * it took; the HTTP edge (http/read-your-writes.ts) hands it to the client and brings it back with the next request,
 * whose reads then catch an older copy up first (docs/decisions/0008-replicas-follow-a-polled-change-log.md).
 */
export interface RevisionContext {
  /** The revision the client has seen its own writes take (0: none). */
  wanted: number;
  /** The newest revision a write of this request took (0: none). */
  wrote: number;
}

const storage = new AsyncLocalStorage<RevisionContext>();

/** Runs a request's work with its revision context: what it must see, and where its writes note theirs. */
export function runWithRevisions<T>(context: RevisionContext, work: () => T): T {
  return storage.run(context, work);
}

/** The revision the request being served must see (0 outside a request, or when it brings none). */
export function revisionWanted(): number {
  return storage.getStore()?.wanted ?? 0;
}

/** Notes that a write of the request being served took this revision; its answer hands it to the client. */
export function noteRevisionWritten(revision: number): void {
  const context = storage.getStore();
  if (context && revision > context.wrote) context.wrote = revision;
}
