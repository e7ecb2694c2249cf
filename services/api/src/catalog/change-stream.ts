import type { ChangeStream, Db } from 'mongodb';
import { CHANGE_LOG_COLLECTION, type ChangeDocument } from './change-feed.js';

/** "The $changeStream stage is only supported on replica sets" (a standalone mongod). */
const CHANGE_STREAMS_UNSUPPORTED = 40573;

/** Whether the server can stream the change log's inserts, and why not when it cannot (for the start-up log). */
export type ChangeStreamSupport = { supported: true } | { supported: false; reason: string };

/**
 * Asks the server rather than assuming from the URI: `hello` names a replica set (`setName`) or a mongos (`isdbgrid`),
 * then a change stream on the change log is opened and must answer. FerretDB answers neither (it has no
 * `$changeStream`), so the polled log of decision 0008 stays its only way (docs/scaling.md, "Change streams").
 */
export async function changeStreamSupport(db: Db): Promise<ChangeStreamSupport> {
  let hello: { setName?: unknown; msg?: unknown };
  try {
    hello = await db.command({ hello: 1 });
  } catch (error) {
    return { supported: false, reason: `hello failed: ${(error as Error).message}` };
  }
  if (typeof hello.setName !== 'string' && hello.msg !== 'isdbgrid') return { supported: false, reason: 'not a replica set or a sharded cluster' };
  const stream = db.collection<ChangeDocument>(CHANGE_LOG_COLLECTION).watch([], { maxAwaitTimeMS: 1 });
  try {
    // The driver sends the aggregate on the first read; null is the answer of a stream that works and has nothing yet.
    await stream.tryNext();
    return { supported: true };
  } catch (error) {
    const { code, message } = error as { code?: unknown; message: string };
    const unsupported = code === CHANGE_STREAMS_UNSUPPORTED || message.includes('$changeStream');
    return { supported: false, reason: unsupported ? `change streams unsupported: ${message}` : `change stream failed: ${message}` };
  } finally {
    await stream.close().catch(() => undefined);
  }
}

/**
 * Hears every change logged to the change log (by any replica, this one included) as it is inserted, so a replica
 * reads the log at once instead of at its next recheck. The log stays the truth: a stream that fails is closed and the
 * replica polls as before; the driver itself resumes a stream after a failover.
 */
export class ChangeLogStream {
  private stream: ChangeStream<ChangeDocument> | null = null;

  constructor(
    private readonly db: () => Db,
    private readonly onLogged: (revision: number) => void,
    private readonly onFailed: (error: Error) => void,
  ) {}

  /** Opens the stream where the server has change streams; answers what was found (FerretDB: not supported). */
  async open(): Promise<ChangeStreamSupport> {
    const support = await changeStreamSupport(this.db());
    if (!support.supported) return support;
    const stream = this.db().collection<ChangeDocument>(CHANGE_LOG_COLLECTION).watch([{ $match: { operationType: 'insert' } }]);
    stream.on('change', (event) => {
      if (event.operationType === 'insert') this.onLogged(event.documentKey._id as number);
    });
    stream.on('error', (error) => {
      this.onFailed(error);
      void this.close();
    });
    this.stream = stream;
    return support;
  }

  /** Whether changes are being heard (false also after the stream failed: the replica polls). */
  get listening(): boolean {
    return this.stream !== null;
  }

  async close(): Promise<void> {
    const stream = this.stream;
    this.stream = null;
    await stream?.close().catch(() => undefined);
  }
}
