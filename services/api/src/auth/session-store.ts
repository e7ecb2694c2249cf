import MongoStore from 'connect-mongo';
import type { SessionData } from 'express-session';
import type { Connection } from 'mongoose';
import { RevisionCache } from '../database/revision-cache.js';
import type { StoredRevision } from '../database/stored-revision.js';

type MongoStoreOptions = ConstructorParameters<typeof MongoStore>[0];
type Callback = (error?: unknown) => void;

interface SessionDocument {
  session: SessionData;
  expires?: Date;
  lastModified?: Date;
}

export interface SessionStoreOptions extends MongoStoreOptions {
  /** Bumped by every logout; a replica that sees it move forgets the sessions it had cached. */
  revision: StoredRevision;
  /** Sessions kept in memory per process. */
  cacheSize?: number;
}

/**
 * connect-mongo's store with two changes, both about the cost of the session
 * lookup that every logged-in request makes.
 *
 * 1. get() asks for `{_id}` only. connect-mongo adds `$or: [no expires,
 *    expires > now]`, but FerretDB pushes only a plain `{_id}` filter down to
 *    SQLite and otherwise reads and decodes every session document (measured:
 *    186 ms per lookup with 1,000 sessions, 1.6 s with 10,000, against 14 ms
 *    and 130 ms for `{_id}` alone). The expiry rule is applied here instead.
 *
 * 2. Sessions read are kept in memory, keyed by the `sessions` revision that
 *    every logout bumps after deleting its document. The lookup was most of a
 *    logged-in request's cost (a database round trip plus BSON decoding; see
 *    docs/benchmarks.md). A logout through this process evicts at once; a
 *    logout through another replica is honoured here as soon as this process
 *    re-reads the revision (SESSION_RECHECK_MS, 1 s by default). Expiry is
 *    checked on every hit, so an expired session never outlives its cookie.
 *
 * Valid for the options create-app uses (stringify: false, no crypto, no
 * transformId), under which connect-mongo stores the session object as is,
 * keyed by the sid.
 */
/**
 * The store as the app runs it, on the `sessions` collection of `connection`'s database. The options it
 * fixes are the ones the class comment relies on (stringify: false), so the store's tests use this too.
 */
export function createSessionStore(connection: Connection, revision: StoredRevision): SessionStore {
  return new SessionStore({
    client: connection.getClient(),
    dbName: connection.db!.databaseName,
    collectionName: 'sessions',
    // FerretDB has no TTL indexes; the janitor deletes expired sessions instead.
    autoRemove: 'disabled',
    touchAfter: 24 * 60 * 60,
    stringify: false,
    revision,
  });
}

export class SessionStore extends MongoStore {
  private readonly revision: StoredRevision;
  private readonly cache: RevisionCache<SessionDocument>;
  private readonly touchAfterMs: number;

  constructor({ revision, cacheSize = 10_000, ...options }: SessionStoreOptions) {
    super(options);
    this.revision = revision;
    this.touchAfterMs = (options.touchAfter ?? 0) * 1000;
    this.cache = new RevisionCache(revision, cacheSize);
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.lookup(sid).then(
      (found) => callback(null, found),
      (error: unknown) => callback(error),
    );
  }

  override set(sid: string, session: SessionData, callback: Callback = () => undefined): void {
    this.cache.forget(sid);
    super.set(sid, session, (error?: unknown) => {
      // Forget again: a get that read the old document while we were writing may have cached it.
      this.cache.forget(sid);
      callback(error);
    });
  }

  /**
   * express-session touches on every request that did not change the session;
   * connect-mongo writes only once per `touchAfter`. Only such a write changes
   * the document, and only then is the cached copy dropped (reloading it keeps
   * lastModified current, so the next touches skip again).
   */
  override touch(sid: string, session: SessionData & { lastModified?: Date }, callback: Callback = () => undefined): void {
    const lastModified = session.lastModified instanceof Date ? session.lastModified.getTime() : 0;
    const writes = !(this.touchAfterMs > 0 && lastModified > 0 && Date.now() - lastModified < this.touchAfterMs);
    super.touch(sid, session, (error?: unknown) => {
      if (writes) this.cache.forget(sid);
      callback(error);
    });
  }

  override destroy(sid: string, callback: Callback = () => undefined): void {
    this.cache.forget(sid);
    super.destroy(sid, (error?: unknown) => {
      if (error) return callback(error);
      // The document goes first, then the revision moves: a replica that re-reads the session
      // after seeing the new revision cannot find it any more.
      this.revision.bump().then(
        () => callback(),
        (bumpError: unknown) => callback(bumpError),
      );
    });
  }

  override clear(callback: Callback = () => undefined): void {
    this.cache.forgetAll();
    super.clear((error?: unknown) => {
      if (error) return callback(error);
      this.revision.bump().then(
        () => callback(),
        (bumpError: unknown) => callback(bumpError),
      );
    });
  }

  /**
   * The stored session, read-only: the cached object itself, not a copy.
   * For requests that never change their session (see read-only-session.ts).
   */
  async peek(sid: string): Promise<Readonly<SessionData> | null> {
    return (await this.current(sid))?.session ?? null;
  }

  private async lookup(sid: string): Promise<SessionData | null> {
    const doc = await this.current(sid);
    if (!doc) return null;
    // express-session turns what we return into req.session and changes it in place: hand out a copy.
    const session = structuredClone(doc.session);
    // connect-mongo's touchAfter bookkeeping: touch() skips the write while this is recent.
    if (doc.lastModified) Object.assign(session, { lastModified: doc.lastModified });
    return session;
  }

  /** The cached (or freshly read) document, unless it has expired. */
  private async current(sid: string): Promise<SessionDocument | null> {
    const doc = await this.cache.get(sid, async () => {
      const found = await (await this.collectionP).findOne({ _id: sid });
      return found && { session: found.session as SessionData, expires: found.expires, lastModified: found.lastModified };
    });
    if (!doc) return null;
    if (doc.expires !== undefined && !(doc.expires instanceof Date && doc.expires.getTime() > Date.now())) {
      this.cache.forget(sid);
      return null;
    }
    return doc;
  }
}
