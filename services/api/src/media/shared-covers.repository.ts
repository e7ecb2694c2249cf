import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model } from 'mongoose';
import { insertedFirst } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

/**
 * Cover files several records point at (`shared_covers`, one document per shared file, `_id` the file's id), every
 * operation by `_id`. No use count, since FerretDB's concurrent `$inc`s lose updates: only when the file was last given
 * to a record (`touched_at`, a `$set`), and the records themselves say whether they show it (SharedCovers;
 * docs/decisions/0013-shared-cover-file-per-picture.md).
 *
 * A give-out and a delete are decided by the primary key (docs/decisions/0007-primary-key-decides-races.md): retire()
 * inserts the file's retirement before its compare-and-delete, touch() writes the time and then looks for that
 * retirement. Each writes before it reads what the other writes, so at least one sees the other and never both win
 * (the whole argument: docs/import.md, "Covers"). A retirement is final: the file is never given out again.
 */
interface SharedCoverDocument {
  _id: string;
  /** The user whose records share it: covers are never shared across users. */
  owner: string;
  /** SHA-256 of the picture, so an identical picture of the same owner finds this file. */
  sha256: string;
  /** The last time the file was given to a record: the janitor leaves a younger unreferenced cover alone (a record may be on its way). */
  touched_at: Date;
}

export interface SharedCover {
  fileId: string;
  owner: string;
  sha256: string;
  touchedAt: Date;
}

/** "This shared file is never given out again" (SharedCoversRepository): `_id` the file's id. */
interface RetirementDocument {
  _id: string;
  at: Date;
}

/**
 * A retirement only has to outlive the give-outs that were between their two commands when it went in
 * (milliseconds): a file whose document is gone is given out by nobody, and one whose document stayed (given out
 * just before its retirement) is, once its retirement is dropped, a shared file like any other. The janitor drops
 * those older than this.
 */
export const SHARED_COVER_RETIREMENT_TTL_MS = 24 * 60 * 60_000;

@Injectable()
export class SharedCoversRepository {
  private readonly model: Model<SharedCoverDocument>;
  private readonly retirements: Model<RetirementDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.retirements = connection.model<RetirementDocument>(
      'SharedCoverRetirement',
      new Schema<RetirementDocument>({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { versionKey: false, collection: 'shared_cover_retirements' }),
    );
    this.model = connection.model<SharedCoverDocument>(
      'SharedCover',
      new Schema<SharedCoverDocument>(
        {
          _id: { type: String, required: true },
          owner: { type: String, required: true },
          sha256: { type: String, required: true },
          touched_at: { type: Date, required: true },
        },
        { versionKey: false, collection: 'shared_covers' },
      ),
    );
  }

  /** A freshly stored file, given to its first record now. */
  async insert(fileId: string, owner: string, sha256: string): Promise<void> {
    // File ids are never reused, so only a retried insert meets its own document.
    await insertedFirst(() => this.model.create({ _id: fileId, owner, sha256, touched_at: new Date() }));
  }

  /**
   * Gives the file to one more record: true when it is a shared file of this owner (holding this picture, when
   * given) that the janitor has not retired; its `touched_at` becomes now. False: the caller stores its own.
   */
  async touch(fileId: string, owner: string, sha256?: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: fileId, owner, ...(sha256 ? { sha256 } : {}) }, { $set: { touched_at: new Date() } });
    // After the write, never before it (see the class): a retirement that went in meanwhile wins.
    return result.matchedCount > 0 && !(await this.retirements.exists({ _id: fileId }));
  }

  async find(fileId: string): Promise<SharedCover | null> {
    const doc = await this.model.findById(fileId).lean<SharedCoverDocument>();
    return doc ? toCover(doc) : null;
  }

  async findMany(fileIds: string[]): Promise<Map<string, SharedCover>> {
    if (fileIds.length === 0) return new Map();
    const docs = await this.model.find({ _id: { $in: fileIds } }).lean<SharedCoverDocument[]>();
    return new Map(docs.map((doc) => [doc._id, toCover(doc)]));
  }

  /**
   * The janitor's compare-and-delete: retires the file (it is never given out again), then removes its document only
   * if the file was not given out since `touchedAt` was read, so a record given it meanwhile keeps it (see the class).
   * True when removed (the file may then be deleted); false leaves a retired file that records still show, for a
   * later sweep to delete once none does.
   */
  async retire(fileId: string, touchedAt: Date): Promise<boolean> {
    // Not first when retired before (a sweep that found it given out since, or a retire beside this one): still retired.
    await insertedFirst(() => this.retirements.create({ _id: fileId, at: new Date() }));
    const result = await this.model.deleteOne({ _id: fileId, touched_at: touchedAt });
    return result.deletedCount > 0;
  }

  /** The janitor's part: retirements older than `before` (SHARED_COVER_RETIREMENT_TTL_MS). */
  async pruneRetirements(before: Date): Promise<number> {
    return (await this.retirements.deleteMany({ at: { $lt: before } })).deletedCount;
  }
}

function toCover(doc: SharedCoverDocument): SharedCover {
  return { fileId: doc._id, owner: doc.owner, sha256: doc.sha256, touchedAt: doc.touched_at };
}
