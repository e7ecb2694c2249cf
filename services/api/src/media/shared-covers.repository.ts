import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

/**
 * Cover files several records point at (`shared_covers`, one document per shared file, `_id` the file's id): the
 * songs of an imported album and the album itself share one file instead of a copy each. Every operation is by
 * `_id`, the one filter FerretDB answers from its index. There is deliberately no use count: FerretDB 1.24 applies an
 * update as a read, then a write, so concurrent `$inc`s on one document lose updates (measured: 20 at once left it at
 * 4), and a count too low would delete a file records still show. What is kept is only when the file was last given
 * to a record (`touched_at`, a `$set`, which concurrent writers cannot get wrong); whether records still show it is
 * asked of the records themselves (SharedCovers).
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

@Injectable()
export class SharedCoversRepository {
  private readonly model: Model<SharedCoverDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
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
    try {
      await this.model.create({ _id: fileId, owner, sha256, touched_at: new Date() });
    } catch (error) {
      // File ids are never reused, so only a retried insert meets its own document.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  /**
   * Gives the file to one more record: true when it is a shared file of this owner (holding this picture, when
   * given) that the janitor has not retired; its `touched_at` becomes now. False: the caller stores its own.
   */
  async touch(fileId: string, owner: string, sha256?: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: fileId, owner, ...(sha256 ? { sha256 } : {}) }, { $set: { touched_at: new Date() } });
    return result.matchedCount > 0;
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
   * The janitor's compare-and-delete: removes the document only if the file was not given out since `touchedAt` was
   * read, so a record given it meanwhile keeps it; from then on touch() fails for it. True when removed (the file may
   * then be deleted).
   */
  async retire(fileId: string, touchedAt: Date): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: fileId, touched_at: touchedAt });
    return result.deletedCount > 0;
  }
}

function toCover(doc: SharedCoverDocument): SharedCover {
  return { fileId: doc._id, owner: doc.owner, sha256: doc.sha256, touchedAt: doc.touched_at };
}
