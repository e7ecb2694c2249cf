import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { isDuplicateKey } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { hexId, toObjectId } from '../common/ids.js';

export interface UserRecord {
  id: string;
  email: string;
  username: string;
  createdAt: Date;
}

export interface UserWithSecret extends UserRecord {
  passwordHash: string;
}

interface UserDocument {
  _id: Types.ObjectId;
  email: string;
  username: string;
  username_lower: string;
  password_hash: string;
  created_at: Date;
}

const userSchema = new Schema<UserDocument>(
  {
    email: { type: String, required: true, unique: true },
    username: { type: String, required: true },
    // Usernames are unique regardless of case; FerretDB has no collations, so we keep a folded copy.
    username_lower: { type: String, required: true, unique: true },
    password_hash: { type: String, required: true },
    created_at: { type: Date, required: true, default: () => new Date() },
  },
  { versionKey: false, collection: 'users' },
);

export type DuplicateUserField = 'email' | 'username';

export class DuplicateUserError extends Error {
  constructor(readonly field: DuplicateUserField) {
    super(`duplicate ${field}`);
  }
}

function toRecord(doc: UserDocument): UserRecord {
  return { id: hexId(doc._id), email: doc.email, username: doc.username, createdAt: doc.created_at };
}

@Injectable()
export class UsersRepository {
  private readonly model: Model<UserDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<UserDocument>('User', userSchema);
  }

  /** Throws DuplicateUserError naming the field that is taken. */
  async create(input: { email: string; username: string; passwordHash: string }): Promise<UserRecord> {
    const taken = await this.takenField(input.email, input.username);
    if (taken) throw new DuplicateUserError(taken);
    try {
      const doc = await this.model.create({
        email: input.email,
        username: input.username,
        username_lower: input.username.toLowerCase(),
        password_hash: input.passwordHash,
      });
      return toRecord(doc.toObject());
    } catch (error) {
      // Lost a race with a concurrent signup: the unique index decides, we name the field.
      if (isDuplicateKey(error)) throw new DuplicateUserError((await this.takenField(input.email, input.username)) ?? 'email');
      throw error;
    }
  }

  private async takenField(email: string, username: string): Promise<DuplicateUserField | null> {
    if (await this.model.exists({ email })) return 'email';
    if (await this.model.exists({ username_lower: username.toLowerCase() })) return 'username';
    return null;
  }

  async findByEmailWithSecret(email: string): Promise<UserWithSecret | null> {
    const doc = await this.model.findOne({ email }).lean<UserDocument>();
    return doc ? { ...toRecord(doc), passwordHash: doc.password_hash } : null;
  }

  async findById(id: string): Promise<UserRecord | null> {
    const doc = await this.model.findById(toObjectId(id)).lean<UserDocument>();
    return doc ? toRecord(doc) : null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const doc = await this.model.findOne({ email }).lean<UserDocument>();
    return doc ? toRecord(doc) : null;
  }

  /** By username regardless of case, as logins and Subsonic apps type it. */
  async findByUsername(username: string): Promise<UserRecord | null> {
    const doc = await this.model.findOne({ username_lower: username.toLowerCase() }).lean<UserDocument>();
    return doc ? toRecord(doc) : null;
  }

  async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.model.updateOne({ _id: toObjectId(id) }, { $set: { password_hash: passwordHash } });
  }

  /** Usernames by id, for display next to songs, albums and playlists. */
  async usernamesByIds(ids: Iterable<string>): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const docs = await this.model
      .find({ _id: { $in: unique.map(toObjectId) } }, { username: 1 })
      .lean<Pick<UserDocument, '_id' | 'username'>[]>();
    return new Map(docs.map((doc) => [hexId(doc._id), doc.username]));
  }

  /** Every user's id and username, streamed, for the catalog read model. */
  async *allUsernames(): AsyncIterable<{ id: string; username: string }> {
    const cursor = this.model.find({}, { username: 1 }).lean<Pick<UserDocument, '_id' | 'username'>>().cursor({ batchSize: 2000 });
    for await (const doc of cursor) {
      const { _id, username } = doc as Pick<UserDocument, '_id' | 'username'>;
      yield { id: hexId(_id), username };
    }
  }

  async count(): Promise<number> {
    return this.model.estimatedDocumentCount();
  }
}
