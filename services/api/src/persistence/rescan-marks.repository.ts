import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model } from 'mongoose';
import { DB_CONNECTION } from '../database/tokens.js';

interface RescanMarkDocument {
  _id: string;
  /** Every song up to this id (in id order) has been rescanned. */
  after: string;
  updated_at: Date;
}

const rescanMarkSchema = new Schema<RescanMarkDocument>(
  { _id: { type: String, required: true }, after: { type: String, required: true }, updated_at: { type: Date, required: true } },
  { versionKey: false, collection: 'rescan_marks' },
);

/** Where an interrupted `npm run rescan` goes on from (docs/artists.md, "Existing libraries"). */
@Injectable()
export class RescanMarksRepository {
  private readonly model: Model<RescanMarkDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<RescanMarkDocument>('RescanMark', rescanMarkSchema);
  }

  async after(job: string): Promise<string | undefined> {
    return (await this.model.findById(job).lean<RescanMarkDocument>())?.after;
  }

  async save(job: string, after: string): Promise<void> {
    await this.model.updateOne({ _id: job }, { $set: { after, updated_at: new Date() } }, { upsert: true });
  }

  async clear(job: string): Promise<void> {
    await this.model.deleteOne({ _id: job });
  }
}
