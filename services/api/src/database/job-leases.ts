import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { insertedFirst } from './mongo-errors.js';

/** A term of the job's lease: who holds it and until when. Terms are numbered; only one process can insert each number. */
interface TermDocument {
  _id: string;
  owner: string;
  until: Date;
}

/** Where the job's walk stands: the last id done, shared by whoever holds the lease next. */
interface CursorDocument {
  _id: 'cursor';
  after: string | null;
  /** When the walk last started from the first id (a full pass re-checks what a racing id order left behind). */
  pass_started_at: Date;
}

type JobDocument = TermDocument | CursorDocument;

const termId = (term: number) => `term:${String(term).padStart(12, '0')}`;
const termOf = (id: string) => Number(id.slice('term:'.length));

/** The lease held by this process, from acquire(). */
export interface HeldLease {
  term: number;
  until: number;
}

/**
 * A background job's state in the database (its own collection: `loudness_jobs`, `cover_jobs`), so several API
 * replicas run one walk between them and a restart resumes it. The lease is taken by inserting the next term's
 * document: the primary key lets only one replica win a take-over, on FerretDB too, whose updates are a read, then a
 * write (docs/import.md, "Claims on FerretDB"); a term's holder alone extends it.
 */
export class JobLeases {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  constructor(
    private readonly connection: Connection,
    private readonly collection: string,
  ) {}

  private get jobs(): Collection<JobDocument> {
    return this.connection.db!.collection<JobDocument>(this.collection);
  }

  /** Takes the lease for `leaseMs` when nobody holds it (or its holder let it lapse); null when someone does. */
  async acquire(leaseMs: number): Promise<HeldLease | null> {
    const latest = (await this.jobs.find({ _id: { $gte: 'term:', $lt: 'term;' } }).sort({ _id: -1 }).limit(1).next()) as TermDocument | null;
    if (latest && latest.until.getTime() > Date.now()) return null;
    const term = latest ? termOf(latest._id) + 1 : 1;
    const until = Date.now() + leaseMs;
    if (!(await insertedFirst(() => this.jobs.insertOne({ _id: termId(term), owner: this.owner, until: new Date(until) })))) return null;
    if (latest) await this.jobs.deleteOne({ _id: latest._id });
    return { term, until };
  }

  /** Extends the lease; false when it was lost (it lapsed, or a later term exists). */
  async renew(lease: HeldLease, leaseMs: number): Promise<boolean> {
    if (lease.until <= Date.now()) return false;
    if (await this.jobs.findOne({ _id: termId(lease.term + 1) })) return false;
    const until = Date.now() + leaseMs;
    await this.jobs.updateOne({ _id: termId(lease.term) }, { $set: { until: new Date(until) } });
    lease.until = until;
    return true;
  }

  /** Gives the lease up (a stopping process), so another replica takes over at once rather than after it lapses. */
  async release(lease: HeldLease): Promise<void> {
    await this.jobs.updateOne({ _id: termId(lease.term), owner: this.owner }, { $set: { until: new Date(0) } });
  }

  async cursor(): Promise<{ after: string | null; passStartedAt: Date }> {
    const doc = (await this.jobs.findOne({ _id: 'cursor' })) as CursorDocument | null;
    return { after: doc?.after ?? null, passStartedAt: doc?.pass_started_at ?? new Date() };
  }

  async saveCursor(after: string | null, passStartedAt: Date): Promise<void> {
    await this.jobs.updateOne({ _id: 'cursor' }, { $set: { after, pass_started_at: passStartedAt } }, { upsert: true });
  }
}
