import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';

/**
 * The use count of a cover file several records point at (`shared_covers`, one document per shared file, `_id` the
 * file's id): the songs of an imported album and the album itself share one file instead of a copy each. Every
 * operation is by `_id`, the one filter FerretDB answers from its index, and each is a single atomic command, so
 * replicas and the folder import can share and release covers at once without transactions:
 * - a new user takes a use only while the count is above zero (`acquire`); a count that reached zero is the file
 *   being deleted, never revived, so a cover is never referenced after its last user let it go;
 * - a user that lets go decrements (`release`); whoever brings it to zero deletes the document, then the file.
 * A file without a document is not shared: it has one user, which deletes it as before.
 */
interface SharedCoverDocument {
  _id: string;
  /** The user whose records share it: covers are never shared across users. */
  owner: string;
  /** SHA-256 of the picture, so an identical picture of the same owner finds this file. */
  sha256: string;
  uses: number;
  /** The last time a use was taken: the janitor leaves a younger unreferenced cover alone (a record may be on its way). */
  touched_at: Date;
}

export interface SharedCover {
  fileId: string;
  owner: string;
  uses: number;
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
          uses: { type: Number, required: true },
          touched_at: { type: Date, required: true },
        },
        { versionKey: false, collection: 'shared_covers' },
      ),
    );
  }

  /** A freshly stored file with its first use. */
  async insert(fileId: string, owner: string, sha256: string): Promise<void> {
    try {
      await this.model.create({ _id: fileId, owner, sha256, uses: 1, touched_at: new Date() });
    } catch (error) {
      // File ids are never reused, so only a retried insert meets its own document.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  /**
   * Takes one more use of the file, only while it is alive (uses above zero), is the owner's, and (when given) holds
   * this picture. False when it is not shared, is being deleted, or is another picture: the caller stores its own.
   */
  async acquire(fileId: string, owner: string, sha256?: string): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: fileId, owner, uses: { $gt: 0 }, ...(sha256 ? { sha256 } : {}) },
      { $inc: { uses: 1 }, $set: { touched_at: new Date() } },
    );
    return result.matchedCount > 0;
  }

  /** Lets one use go; answers the uses left, or null when the file is not shared (no document). */
  async release(fileId: string): Promise<number | null> {
    const doc = await this.model.findOneAndUpdate({ _id: fileId }, { $inc: { uses: -1 } }, { returnDocument: 'after' }).lean<SharedCoverDocument>();
    return doc ? doc.uses : null;
  }

  /** The last use went: the document goes before the file, so nobody can acquire a file about to be deleted. */
  async remove(fileId: string): Promise<void> {
    await this.model.deleteOne({ _id: fileId });
  }

  async findMany(fileIds: string[]): Promise<Map<string, SharedCover>> {
    if (fileIds.length === 0) return new Map();
    const docs = await this.model.find({ _id: { $in: fileIds } }).lean<SharedCoverDocument[]>();
    return new Map(docs.map((doc) => [doc._id, { fileId: doc._id, owner: doc.owner, uses: doc.uses, touchedAt: doc.touched_at }]));
  }

  /**
   * The janitor's compare-and-delete: removes the document only if no use was taken since `touchedAt` was read, so a
   * use taken meanwhile keeps the file. True when removed (the file may then be deleted).
   */
  async retire(fileId: string, touchedAt: Date): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: fileId, touched_at: touchedAt });
    return result.deletedCount > 0;
  }
}
