import { Inject, Injectable } from '@nestjs/common';
import type { ShareKind } from '@tunafy/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { deleteByIds } from '../database/delete-by-ids.js';
import { DB_CONNECTION } from '../database/tokens.js';

export interface ShareRecord {
  /** The first 24 hex digits of the token's SHA-256 (share-tokens.ts): the token finds its share by `_id`. */
  id: string;
  /** The whole SHA-256 of the token, compared after the `_id` lookup. */
  tokenHash: string;
  userId: string;
  kind: ShareKind;
  itemId: string;
  createdAt: Date;
  expiresAt: Date | null;
  opens: number;
  /** Set through the Subsonic API's createShare/updateShare (docs/subsonic.md); the web shows none. */
  description?: string | null;
}

interface ShareDocument {
  _id: Types.ObjectId;
  token_hash: string;
  user_id: Types.ObjectId;
  kind: ShareKind;
  item_id: Types.ObjectId;
  created_at: Date;
  expires_at: Date | null;
  opens: number;
  description?: string | null;
}

const shareSchema = new Schema<ShareDocument>(
  {
    token_hash: { type: String, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true, index: true },
    kind: { type: String, required: true },
    item_id: { type: Schema.Types.ObjectId, required: true },
    created_at: { type: Date, required: true },
    expires_at: { type: Date, default: null },
    opens: { type: Number, required: true, default: 0 },
    description: { type: String, default: null },
  },
  { versionKey: false, collection: 'shares' },
);

function toRecord(doc: ShareDocument): ShareRecord {
  return {
    id: hexId(doc._id),
    tokenHash: doc.token_hash,
    userId: hexId(doc.user_id),
    kind: doc.kind,
    itemId: hexId(doc.item_id),
    createdAt: doc.created_at,
    expiresAt: doc.expires_at ?? null,
    opens: doc.opens ?? 0,
    description: doc.description ?? null,
  };
}

/**
 * Share links (docs/shares.md). The public side reads only by `_id`, the one filter the embedded engine answers
 * without decoding the collection (docs/lists-at-scale.md); the owner's list filters by user, which scans the
 * (small) collection there and uses the `user_id` index on MongoDB.
 */
@Injectable()
export class SharesRepository {
  private readonly model: Model<ShareDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<ShareDocument>('Share', shareSchema);
  }

  async create(input: Omit<ShareRecord, 'opens' | 'description'>): Promise<ShareRecord> {
    const doc = await this.model.create({
      _id: toObjectId(input.id),
      token_hash: input.tokenHash,
      user_id: toObjectId(input.userId),
      kind: input.kind,
      item_id: toObjectId(input.itemId),
      created_at: input.createdAt,
      expires_at: input.expiresAt,
      opens: 0,
    });
    return toRecord(doc.toObject());
  }

  async findById(id: string): Promise<ShareRecord | null> {
    const doc = await this.model.findById(toObjectId(id)).lean<ShareDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** The user's shares, newest first. */
  async listByUser(userId: string): Promise<ShareRecord[]> {
    const docs = await this.model.find({ user_id: toObjectId(userId) }).lean<ShareDocument[]>();
    return docs.map(toRecord).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  }

  /** Every share's item and age, for the sweep of shares whose item is gone (a scan; the collection is small). */
  async listItems(): Promise<Pick<ShareRecord, 'id' | 'userId' | 'kind' | 'itemId' | 'createdAt'>[]> {
    const docs = await this.model.find({}, { user_id: 1, kind: 1, item_id: 1, created_at: 1 }).lean<ShareDocument[]>();
    return docs.map((doc) => ({ id: hexId(doc._id), userId: hexId(doc.user_id), kind: doc.kind, itemId: hexId(doc.item_id), createdAt: doc.created_at }));
  }

  async countByUser(userId: string): Promise<number> {
    return this.model.countDocuments({ user_id: toObjectId(userId) });
  }

  /** Deletes the user's share; false when the user has none with that id. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: toObjectId(id), user_id: toObjectId(userId) });
    return result.deletedCount > 0;
  }

  /** Changes the user's share's description or expiry; false when the user has none with that id. */
  async update(userId: string, id: string, changes: { description?: string | null; expiresAt?: Date | null }): Promise<boolean> {
    const set: Partial<ShareDocument> = {};
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.expiresAt !== undefined) set.expires_at = changes.expiresAt;
    const result = await this.model.updateOne({ _id: toObjectId(id), user_id: toObjectId(userId) }, { $set: set });
    return result.matchedCount > 0;
  }

  /** Shares whose item is gone (see docs/api.md, "Deletes without transactions"). */
  async deleteByIds(ids: readonly string[]): Promise<void> {
    await deleteByIds(this.model, ids.map(toObjectId));
  }

  async countOpen(id: string): Promise<void> {
    await this.model.updateOne({ _id: toObjectId(id) }, { $inc: { opens: 1 } });
  }
}
