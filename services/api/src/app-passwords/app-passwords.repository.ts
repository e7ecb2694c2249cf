import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { DB_CONNECTION } from '../database/tokens.js';
import type { SealedSecret } from './secret-box.js';

export interface AppPasswordRecord {
  id: string;
  userId: string;
  name: string;
  secret: SealedSecret;
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedClient: string | null;
}

interface AppPasswordDocument {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  name: string;
  /** The secret sealed with the server key (secret-box.ts). */
  secret: string;
  key_id: string;
  /** SHA-256 of the secret, to find the app password an API key or a plain password names without opening any. */
  lookup: string;
  created_at: Date;
  last_used_at: Date | null;
  last_used_client: string | null;
}

const appPasswordSchema = new Schema<AppPasswordDocument>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true, index: true },
    name: { type: String, required: true },
    secret: { type: String, required: true },
    key_id: { type: String, required: true },
    lookup: { type: String, required: true, unique: true },
    created_at: { type: Date, required: true },
    last_used_at: { type: Date, default: null },
    last_used_client: { type: String, default: null },
  },
  { versionKey: false, collection: 'app_passwords' },
);

function toRecord(doc: AppPasswordDocument): AppPasswordRecord {
  return {
    id: hexId(doc._id),
    userId: hexId(doc.user_id),
    name: doc.name,
    secret: { keyId: doc.key_id, sealed: doc.secret },
    createdAt: doc.created_at,
    lastUsedAt: doc.last_used_at ?? null,
    lastUsedClient: doc.last_used_client ?? null,
  };
}

@Injectable()
export class AppPasswordsRepository {
  private readonly model: Model<AppPasswordDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<AppPasswordDocument>('AppPassword', appPasswordSchema);
  }

  async create(input: { userId: string; name: string; secret: SealedSecret; lookup: string; createdAt: Date }): Promise<AppPasswordRecord> {
    const doc = await this.model.create({
      user_id: toObjectId(input.userId),
      name: input.name,
      secret: input.secret.sealed,
      key_id: input.secret.keyId,
      lookup: input.lookup,
      created_at: input.createdAt,
      last_used_at: null,
      last_used_client: null,
    });
    return toRecord(doc.toObject());
  }

  /** The user's app passwords, newest first. */
  async listByUser(userId: string): Promise<AppPasswordRecord[]> {
    const docs = await this.model.find({ user_id: toObjectId(userId) }).lean<AppPasswordDocument[]>();
    return docs.map(toRecord).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  }

  async countByUser(userId: string): Promise<number> {
    return this.model.countDocuments({ user_id: toObjectId(userId) });
  }

  async findByLookup(lookup: string): Promise<AppPasswordRecord | null> {
    const doc = await this.model.findOne({ lookup }).lean<AppPasswordDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** Deletes the user's app password; false when the user has none with that id. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: toObjectId(id), user_id: toObjectId(userId) });
    return result.deletedCount > 0;
  }

  async markUsed(id: string, at: Date, client: string | null): Promise<void> {
    await this.model.updateOne({ _id: toObjectId(id) }, { $set: { last_used_at: at, last_used_client: client } });
  }

  /** Re-seals a secret opened with a previous server key (a rotation), so the old key can be dropped later. */
  async reseal(id: string, secret: SealedSecret): Promise<void> {
    await this.model.updateOne({ _id: toObjectId(id) }, { $set: { secret: secret.sealed, key_id: secret.keyId } });
  }
}
