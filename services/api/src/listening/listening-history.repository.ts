import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { toObjectId } from '../common/ids.js';
import { DB_CONNECTION } from '../database/tokens.js';

export type TallyKind = 'song' | 'artist' | 'album';

/**
 * How often a user played one song, credited artist or album in one period ('all', 'y2026', 'm2026-11'). The
 * `_id` is "<user>:<period>:<kind>:<item>", so counting a play is an upsert per tally and a top list is one
 * indexed read, whatever the size of the history (docs/listening.md).
 */
interface TallyDocument {
  _id: string;
  user_id: Types.ObjectId;
  period: string;
  kind: TallyKind;
  item_id: string;
  count: number;
}

/** A user's listening settings; absent means the defaults (history on). */
interface ListeningSettingsDocument {
  _id: Types.ObjectId;
  history_paused: boolean;
}

const tallySchema = new Schema<TallyDocument>(
  {
    _id: { type: String, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    period: { type: String, required: true },
    kind: { type: String, required: true },
    item_id: { type: String, required: true },
    count: { type: Number, required: true },
  },
  { versionKey: false, collection: 'play_tallies' },
);
// A top list: one user's tallies of one kind in one period, most played first.
tallySchema.index({ user_id: 1, period: 1, kind: 1, count: -1 });

const settingsSchema = new Schema<ListeningSettingsDocument>({ _id: Schema.Types.ObjectId, history_paused: { type: Boolean, required: true } }, { versionKey: false, collection: 'listening_settings' });

export interface TallyHit {
  itemId: string;
  count: number;
}

/** The per-period tallies behind "Your top" and the history's on/off switch. */
@Injectable()
export class ListeningHistoryRepository {
  private readonly tallies: Model<TallyDocument>;
  private readonly settings: Model<ListeningSettingsDocument>;

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.tallies = connection.model<TallyDocument>('PlayTally', tallySchema);
    this.settings = connection.model<ListeningSettingsDocument>('ListeningSettings', settingsSchema);
  }

  /** Adds one play to each (period, kind, item) given, in one round trip. */
  async count(userId: string, periods: readonly string[], items: readonly { kind: TallyKind; id: string }[]): Promise<void> {
    const user = toObjectId(userId);
    const operations = periods.flatMap((period) =>
      items.map(({ kind, id }) => ({
        updateOne: {
          filter: { _id: `${userId}:${period}:${kind}:${id}` },
          update: { $inc: { count: 1 }, $setOnInsert: { user_id: user, period, kind, item_id: id } },
          upsert: true,
        },
      })),
    );
    if (operations.length > 0) await this.tallies.bulkWrite(operations, { ordered: false });
  }

  /** The most played items of a kind in a period, most first (ties by id, so pages are stable). */
  async top(userId: string, period: string, kind: TallyKind, limit: number): Promise<TallyHit[]> {
    const docs = await this.tallies
      .find({ user_id: toObjectId(userId), period, kind }, { item_id: 1, count: 1 })
      .sort({ count: -1, item_id: 1 })
      .limit(limit)
      .lean<Pick<TallyDocument, 'item_id' | 'count'>[]>();
    return docs.map((doc) => ({ itemId: doc.item_id, count: doc.count }));
  }

  async deleteAll(userId: string): Promise<void> {
    await this.tallies.deleteMany({ user_id: toObjectId(userId) });
  }

  async isPaused(userId: string): Promise<boolean> {
    const doc = await this.settings.findById(toObjectId(userId), { history_paused: 1 }).lean<ListeningSettingsDocument | null>();
    return doc?.history_paused ?? false;
  }

  async setPaused(userId: string, paused: boolean): Promise<void> {
    await this.settings.updateOne({ _id: toObjectId(userId) }, { $set: { history_paused: paused } }, { upsert: true });
  }
}

