import MongoStore from 'connect-mongo';
import type { SessionData } from 'express-session';

/**
 * connect-mongo's get() looks a session up with `{_id, $or: [no expires,
 * expires > now]}`. FerretDB pushes only a plain `{_id}` filter down to
 * SQLite; anything else makes it read and decode every session document, on
 * every authenticated request (measured on the local engine: 186 ms per
 * lookup with 1,000 sessions and 1.6 s with 10,000, against 14 ms and 130 ms
 * for `{_id}` alone). This store asks for `{_id}` only and applies the same
 * expiry rule here; MongoDB answers both from the _id index. Valid for the
 * options used below (stringify: false, no crypto, no transformId), under
 * which connect-mongo stores the session object as is, keyed by the sid.
 */
export class SessionStore extends MongoStore {
  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    void (async () => {
      let found: SessionData | null = null;
      try {
        const doc = await (await this.collectionP).findOne({ _id: sid });
        const live = doc !== null && (doc.expires === undefined || (doc.expires instanceof Date && doc.expires.getTime() > Date.now()));
        if (live) {
          found = doc.session as SessionData;
          // connect-mongo's touchAfter bookkeeping: touch() skips the write while this is recent.
          if (doc.lastModified) Object.assign(found, { lastModified: doc.lastModified });
        }
      } catch (error) {
        callback(error);
        return;
      }
      callback(null, found);
    })();
  }
}
