import { Inject, Injectable } from '@nestjs/common';
import type { RepeatMode } from '@tunafy/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { hexId, toObjectId } from '../common/ids.js';
import { DB_CONNECTION } from '../database/tokens.js';

export interface PlayerStateRecord {
  userId: string;
  /** Song ids, in queue order; may name songs deleted since. */
  queue: string[];
  index: number;
  position: number;
  volume: number;
  shuffle: boolean;
  repeat: RepeatMode;
  updatedAt: Date;
}

/** The settings a save may leave out; they keep their saved value. */
export type PlayerSettings = Pick<PlayerStateRecord, 'volume' | 'shuffle' | 'repeat'>;

export interface PlayerStateSave extends Partial<PlayerSettings> {
  queue: string[];
  index: number;
  position: number;
  updatedAt: Date;
}

/** One document per user, keyed by the user's id: every read and write is an `_id` lookup, which FerretDB answers from its index. */
interface PlayerStateDocument {
  _id: Types.ObjectId;
  queue: Types.ObjectId[];
  index: number;
  position: number;
  volume: number;
  shuffle: boolean;
  repeat: RepeatMode;
  updated_at: Date;
}

const playerStateSchema = new Schema<PlayerStateDocument>(
  {
    queue: { type: [Schema.Types.ObjectId], required: true },
    index: { type: Number, required: true },
    position: { type: Number, required: true },
    volume: { type: Number, required: true },
    shuffle: { type: Boolean, required: true },
    repeat: { type: String, required: true },
    updated_at: { type: Date, required: true },
  },
  { versionKey: false, collection: 'player_states' },
);

function toRecord(doc: PlayerStateDocument): PlayerStateRecord {
  return {
    userId: hexId(doc._id),
    queue: doc.queue.map((id) => hexId(id)),
    index: doc.index,
    position: doc.position,
    volume: doc.volume,
    shuffle: doc.shuffle,
    repeat: doc.repeat,
    updatedAt: doc.updated_at,
  };
}

@Injectable()
export class PlayerStatesRepository {
  private readonly model: Model<PlayerStateDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.model = connection.model<PlayerStateDocument>('PlayerState', playerStateSchema);
  }

  async find(userId: string): Promise<PlayerStateRecord | null> {
    const doc = await this.model.findById(toObjectId(userId)).lean<PlayerStateDocument>();
    return doc ? toRecord(doc) : null;
  }

  /**
   * Saves the user's state in one atomic upsert. Settings left out keep their
   * saved value, or take `defaults` on the first save.
   */
  async save(userId: string, state: PlayerStateSave, defaults: PlayerSettings): Promise<PlayerStateRecord> {
    const set: Partial<PlayerStateDocument> = {
      queue: state.queue.map(toObjectId),
      index: state.index,
      position: state.position,
      updated_at: state.updatedAt,
    };
    const setOnInsert: Partial<PlayerStateDocument> = {};
    for (const key of ['volume', 'shuffle', 'repeat'] as const) {
      if (state[key] === undefined) Object.assign(setOnInsert, { [key]: defaults[key] });
      else Object.assign(set, { [key]: state[key] });
    }
    // MongoDB refuses an empty operator, so $setOnInsert goes only when something is missing.
    const update = Object.keys(setOnInsert).length > 0 ? { $set: set, $setOnInsert: setOnInsert } : { $set: set };
    const doc = await this.model
      .findOneAndUpdate({ _id: toObjectId(userId) }, update, { upsert: true, returnDocument: 'after', setDefaultsOnInsert: false })
      .lean<PlayerStateDocument>();
    return toRecord(doc!);
  }
}
