import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model } from 'mongoose';
import { insertedFirst } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

/** What a keyed request left: `running` while its handler runs, `done` with the answer to replay once it finished. */
export type IdempotencyRecord =
  | { state: 'running'; fingerprint: string; createdAt: Date }
  | { state: 'done'; fingerprint: string; createdAt: Date; status: number; /** The answer's JSON text; null for an empty body. */ body: string | null };

/** The answer recorded for a repeat. */
export interface RecordedAnswer {
  status: number;
  body: string | null;
}

/**
 * One document per caller and key. The `_id` is the pair itself, so the unique `_id` index is the lock (two replicas
 * cannot both insert it) and every statement on the request path is a lookup by `_id`, which the embedded engine
 * answers from its `_id` expression index (docs/benchmarks.md, "Writes at 100,000 songs"): the insert, the update or
 * delete when the request ends, and the read of a repeat. No TTL index: FerretDB has none; the janitor removes old
 * records with `deleteCreatedBefore`.
 */
interface IdempotencyDocument {
  _id: string;
  fingerprint: string;
  state: 'running' | 'done';
  status?: number;
  body?: string | null;
  created_at: Date;
}

const idempotencySchema = new Schema<IdempotencyDocument>(
  {
    _id: { type: String, required: true },
    fingerprint: { type: String, required: true },
    state: { type: String, required: true },
    status: { type: Number },
    body: { type: String, default: undefined },
    created_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'idempotency_keys' },
);

function toRecord(doc: IdempotencyDocument): IdempotencyRecord {
  if (doc.state === 'done') return { state: 'done', fingerprint: doc.fingerprint, createdAt: doc.created_at, status: doc.status ?? 200, body: doc.body ?? null };
  return { state: 'running', fingerprint: doc.fingerprint, createdAt: doc.created_at };
}

@Injectable()
export class IdempotencyRepository {
  private readonly model: Model<IdempotencyDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<IdempotencyDocument>('IdempotencyKey', idempotencySchema);
  }

  /**
   * Claims the key for a request about to run: null when this call inserted the `running` record (run the request),
   * otherwise the record that was already there (a repeat). A record removed between the failed insert and the read
   * (its request failed with a 5xx) is claimed again.
   */
  async claim(id: string, fingerprint: string, now: Date): Promise<IdempotencyRecord | null> {
    for (let attempt = 0; ; attempt++) {
      if (await insertedFirst(() => this.model.create({ _id: id, fingerprint, state: 'running', created_at: now }))) return null;
      const existing = await this.model.findById(id).lean<IdempotencyDocument>();
      if (existing) return toRecord(existing);
      if (attempt >= 2) throw new Error(`idempotency record ${id} vanished three times while claimed`);
    }
  }

  /** The request finished with an answer worth replaying. */
  async complete(id: string, answer: RecordedAnswer): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { state: 'done', status: answer.status, body: answer.body } });
  }

  /** The request failed in a way a retry may fix (5xx): forget it, so a retry with the same key runs again. */
  async release(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  /** The janitor's sweep (a range filter reads the whole collection on the embedded engine: off the request path). */
  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    const result = await this.model.deleteMany({ created_at: { $lt: cutoff } });
    return result.deletedCount;
  }
}
