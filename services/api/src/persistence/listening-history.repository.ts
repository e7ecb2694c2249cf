import { Inject, Injectable } from '@nestjs/common';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { toObjectId } from '../common/ids.js';
import { isDuplicateKey } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';
import { KeyedLock } from '../common/keyed-lock.js';

export type TallyKind = 'song' | 'artist' | 'album';

/**
 * Every read here is by `_id` (docs/listening.md): the embedded engine answers only those from an index, so a
 * listener's history and top lists cost a few document reads however long they have listened.
 *
 * - `listening_days`: per user and calendar day (UTC) a head counting that day's plays and the time span of each chunk
 *   of DAY_CHUNK plays, the chunks holding the plays, and one document per user listing the days that have plays; a
 *   history page reads the list, then the heads and only the chunks it covers.
 * - `play_tallies`: how often a user played one song, credited artist or album in one period ('all', 'y2026',
 *   'm2026-11').
 * - `play_boards`: per user, period and kind, the BOARD_SIZE items with the highest tallies; a tally only grows, so an
 *   item enters its board when it passes the lowest entry and the board stays the true top.
 */
interface DayDocument {
  _id: string;
  user_id: Types.ObjectId;
  /**
   * On a chunk: its plays in the order they were counted, each `"<song id>:<epoch ms>"`. A string and not `{s, t}`: the
   * embedded engine decodes 2,740 plays as strings in ~30 ms and as objects in 300–650 ms (docs/benchmarks.md, "Your
   * listening"). On a head written before days were chunked: the whole day (`{s, t}` objects before strings); read too.
   */
  plays?: (string | { s: string; t: number })[];
  /** On a day's head: how many plays were counted that day; the n-th (from 1) is in chunk ⌊(n − 1) / DAY_CHUNK⌋. */
  n?: number;
  /** On a day's head: `lo<k>` and `hi<k>`, the earliest and latest play (epoch ms) in chunk k, so a page skips the others. */
  b?: Record<string, number>;
  /** On the user's list: the days (YYYY-MM-DD) with plays. */
  days?: string[];
}

interface TallyDocument {
  _id: string;
  user_id: Types.ObjectId;
  count: number;
}

interface BoardDocument {
  _id: string;
  user_id: Types.ObjectId;
  /** `"<item>:<count or time>"`, highest first: strings for the engine's decoding, as a day's plays; older boards hold `{id, n}`. */
  entries: (string | { id: string; n: number })[];
  version: number;
}

interface ListeningSettingsDocument {
  _id: Types.ObjectId;
  history_paused: boolean;
}

/** Items kept per top list: more than the longest list served (50), so items deleted since do not leave it short. */
export const BOARD_SIZE = 100;
/** Places "Recently played" keeps: more than the shelf shows (20), so places deleted since do not leave it short. */
export const RECENT_KEPT = 40;
/** Days of history kept per user (about 13 months); older days go when a new one starts. */
export const HISTORY_DAYS_KEPT = 400;
/**
 * Plays per chunk of a day: a page (at most 101 plays read) covers one or two chunks, so a page deep in a day of a
 * million-plays-a-year listener (2,740 plays) decodes at most 500 plays instead of the whole day.
 */
export const DAY_CHUNK = 250;

const daySchema = new Schema<DayDocument>(
  {
    _id: String,
    user_id: { type: Schema.Types.ObjectId, required: true, index: true },
    plays: { type: [Schema.Types.Mixed], default: undefined },
    n: Number,
    b: Schema.Types.Mixed,
    days: { type: [String], default: undefined },
  },
  { versionKey: false, collection: 'listening_days' },
);
const tallySchema = new Schema<TallyDocument>({ _id: String, user_id: { type: Schema.Types.ObjectId, required: true, index: true }, count: Number }, { versionKey: false, collection: 'play_tallies' });
const boardSchema = new Schema<BoardDocument>(
  { _id: String, user_id: { type: Schema.Types.ObjectId, required: true, index: true }, entries: { type: [Schema.Types.Mixed], default: undefined }, version: Number },
  { versionKey: false, collection: 'play_boards' },
);
const settingsSchema = new Schema<ListeningSettingsDocument>({ _id: Schema.Types.ObjectId, history_paused: { type: Boolean, required: true } }, { versionKey: false, collection: 'listening_settings' });

export interface HistoryEntry {
  songId: string;
  playedAt: number;
  day: string;
}

export interface TallyHit {
  itemId: string;
  count: number;
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
/** A day's play as stored (see DayDocument.plays). */
export const playEntry = (songId: string, at: number) => `${songId}:${at}`;
function readPlay(play: string | { s: string; t: number }): { s: string; t: number } {
  if (typeof play !== 'string') return play;
  const colon = play.lastIndexOf(':');
  return { s: play.slice(0, colon), t: Number(play.slice(colon + 1)) };
}
/** A board's entry as stored (see BoardDocument.entries); an item may hold colons (`genre:<name>`), the number never. */
function readEntry(entry: string | { id: string; n: number }): TallyHit {
  if (typeof entry !== 'string') return { itemId: entry.id, count: entry.n };
  const colon = entry.lastIndexOf(':');
  return { itemId: entry.slice(0, colon), count: Number(entry.slice(colon + 1)) };
}
/** Runs an upsert again when a concurrent one inserted the document first (the embedded engine does not retry it). */
async function retryDuplicate<T>(upsert: () => Promise<T>): Promise<T> {
  try {
    return await upsert();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return upsert();
  }
}
const daysId = (userId: string) => `${userId}:days`;
const dayId = (userId: string, day: string) => `${userId}:d:${day}`;
const chunkId = (userId: string, day: string, chunk: number) => `${userId}:d:${day}:${chunk}`;
/** How many chunks a head's count of plays fills. */
const chunkCount = (head: DayDocument) => Math.ceil((head.n ?? 0) / DAY_CHUNK);
const boardId = (userId: string, period: string, kind: TallyKind) => `${userId}:${period}:${kind}`;
const recentId = (userId: string) => `${userId}:recent`;

/** The history by day, the tallies and top boards behind "Your top", and the history's on/off switch. */
@Injectable()
export class ListeningHistoryRepository {
  private readonly days: Model<DayDocument>;
  private readonly tallies: Model<TallyDocument>;
  private readonly boards: Model<BoardDocument>;
  private readonly settings: Model<ListeningSettingsDocument>;
  private readonly perUser = new KeyedLock();

  constructor(@Inject(DB_CONNECTION) connection: Connection) {
    this.days = connection.model<DayDocument>('ListeningDay', daySchema);
    this.tallies = connection.model<TallyDocument>('PlayTally', tallySchema);
    this.boards = connection.model<BoardDocument>('PlayBoard', boardSchema);
    this.settings = connection.model<ListeningSettingsDocument>('ListeningSettings', settingsSchema);
  }

  /** Adds a play to the user's day and to the tallies and boards of each (period, item). */
  async record(userId: string, songId: string, playedAt: Date, periods: readonly string[], items: readonly { kind: TallyKind; id: string }[]): Promise<void> {
    // One user's plays one at a time in this process: the embedded engine's read-then-write updates lost a burst's
    // counts and spans (12 plays sent at once); across replicas the checks below are what is left (decision 0006).
    return this.perUser.run(userId, () => this.recordNow(userId, songId, playedAt, periods, items));
  }

  private async recordNow(userId: string, songId: string, playedAt: Date, periods: readonly string[], items: readonly { kind: TallyKind; id: string }[]): Promise<void> {
    const user = toObjectId(userId);
    const at = playedAt.getTime();
    const day = dayOf(at);
    // The count gives the play its chunk; the chunk's span is widened before the play lands in it, so a page that trusts
    // the span never misses the play (a crash in between leaves a span a little wide, which costs nothing).
    // No projection: the embedded engine's findAndModify refuses one; a head is a few numbers (but for a day begun before chunks).
    const head = await this.days.findOneAndUpdate({ _id: dayId(userId, day) }, { $inc: { n: 1 }, $setOnInsert: { user_id: user } }, { upsert: true, returnDocument: 'after' }).lean<DayDocument>();
    const n = head!.n!;
    const chunk = Math.floor((n - 1) / DAY_CHUNK);
    const widen = { $max: { n, [`b.hi${chunk}`]: at }, $min: { [`b.lo${chunk}`]: at } };
    await this.days.updateOne({ _id: dayId(userId, day) }, widen);
    await retryDuplicate(() => this.days.updateOne({ _id: chunkId(userId, day, chunk) }, { $push: { plays: playEntry(songId, at) }, $setOnInsert: { user_id: user } }, { upsert: true }));
    // The embedded engine's updates are a read, then a write (decision 0006): another play of this user's at the same
    // moment can overwrite the count or the span with what it read. Checked and widened again, so no page skips a stored play.
    for (let attempt = 0; attempt < 3; attempt++) {
      const after = await this.days.findById(dayId(userId, day), { n: 1, b: 1 }).lean<DayDocument | null>();
      const span = after?.b ?? {};
      if ((after?.n ?? 0) >= n && (span[`lo${chunk}`] ?? Infinity) <= at && (span[`hi${chunk}`] ?? -Infinity) >= at) break;
      await this.days.updateOne({ _id: dayId(userId, day) }, widen);
    }
    const list = await this.days.findOneAndUpdate({ _id: daysId(userId) }, { $addToSet: { days: day }, $setOnInsert: { user_id: user } }, { upsert: true, returnDocument: 'after' }).lean<DayDocument>();
    if ((list?.days?.length ?? 0) > HISTORY_DAYS_KEPT) await this.trimDays(userId, list!.days!);
    for (const period of periods) {
      for (const kind of ['song', 'artist', 'album'] as const) {
        const counted: TallyHit[] = [];
        for (const item of items.filter((entry) => entry.kind === kind)) {
          const tally = await this.tallies.findOneAndUpdate({ _id: `${boardId(userId, period, kind)}:${item.id}` }, { $inc: { count: 1 }, $setOnInsert: { user_id: user } }, { upsert: true, returnDocument: 'after' }).lean<TallyDocument>();
          counted.push({ itemId: item.id, count: tally!.count });
        }
        if (counted.length > 0) await this.raise(userId, boardId(userId, period, kind), counted);
      }
    }
  }

  /**
   * Puts a place the user listened from (`album:<id>`, `liked`, `song:<id>`...) first on "Recently played": a board
   * like the top lists', ranked by the time of the place's latest play instead of a count.
   */
  async recordRecent(userId: string, place: string, playedAt: Date): Promise<void> {
    await this.raise(userId, recentId(userId), [{ itemId: place, count: playedAt.getTime() }], RECENT_KEPT);
  }

  /** The places of "Recently played", latest first, each with the time (epoch ms) of its latest play. */
  async recent(userId: string): Promise<TallyHit[]> {
    const board = await this.boards.findById(recentId(userId), { entries: 1 }).lean<BoardDocument | null>();
    return (board?.entries ?? []).map(readEntry);
  }

  /** Puts the new counts on the board; a concurrent change (another replica's play) makes it read and try again. */
  private async raise(userId: string, id: string, counted: TallyHit[], size = BOARD_SIZE): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const board = await this.boards.findById(id).lean<BoardDocument | null>();
      const entries = new Map((board?.entries ?? []).map(readEntry).map((entry) => [entry.itemId, entry.count]));
      for (const { itemId, count } of counted) entries.set(itemId, Math.max(count, entries.get(itemId) ?? 0));
      const next = [...entries]
        .sort(([a, an], [b, bn]) => bn - an || (a < b ? -1 : 1))
        .slice(0, size)
        .map(([entryId, n]) => `${entryId}:${n}`);
      if (!board) {
        try {
          await this.boards.create({ _id: id, user_id: toObjectId(userId), entries: next, version: 1 });
          return;
        } catch (error) {
          if (isDuplicateKey(error)) continue;
          throw error;
        }
      }
      const result = await this.boards.updateOne({ _id: id, version: board.version }, { $set: { entries: next, version: board.version + 1 } });
      if (result.modifiedCount === 1) return;
    }
  }

  private async trimDays(userId: string, days: string[]): Promise<void> {
    const sorted = [...days].sort();
    const old = sorted.slice(0, days.length - HISTORY_DAYS_KEPT);
    // One by `_id` each (the embedded engine's indexed path); usually the one day that fell out, its head and chunks.
    for (const day of old) {
      const head = await this.days.findById(dayId(userId, day), { n: 1 }).lean<DayDocument | null>();
      for (let chunk = 0; head && chunk < chunkCount(head); chunk++) await this.days.deleteOne({ _id: chunkId(userId, day, chunk) });
      await this.days.deleteOne({ _id: dayId(userId, day) });
    }
    await this.days.updateOne({ _id: daysId(userId) }, { $set: { days: sorted.slice(old.length) } });
  }

  /** Plays newest first, older than `before` (epoch ms) when given; at most `limit`. */
  async page(userId: string, before: number | null, limit: number): Promise<HistoryEntry[]> {
    const list = await this.days.findById(daysId(userId), { days: 1 }).lean<DayDocument | null>();
    const days = [...(list?.days ?? [])].sort().reverse();
    const entries: HistoryEntry[] = [];
    for (const day of days) {
      if (before !== null && day > dayOf(before)) continue;
      const plays = await this.dayPage(userId, day, before, limit - entries.length);
      for (const play of plays) entries.push({ songId: play.s, playedAt: play.t, day });
      if (entries.length === limit) return entries;
    }
    return entries;
  }

  /**
   * A day's newest `limit` plays older than `before`: the head, then its chunks latest span first, as long as a chunk
   * may still hold one of them. Plays are usually counted in time order, so that is one or two chunks; a play made
   * offline and sent later lands in a later chunk and widens its span, and is found all the same.
   */
  private async dayPage(userId: string, day: string, before: number | null, limit: number): Promise<{ s: string; t: number }[]> {
    const head = await this.days.findById(dayId(userId, day)).lean<DayDocument | null>();
    if (!head) return [];
    const below = (play: { t: number }) => before === null || play.t < before;
    // A day written before chunks keeps its plays in the head; they come first in counted order.
    const found: { s: string; t: number }[][] = [(head.plays ?? []).map(readPlay).filter(below)];
    const spans = Array.from({ length: chunkCount(head) }, (_, chunk) => ({
      chunk,
      lo: head.b?.[`lo${chunk}`] ?? -Infinity,
      // Newest play that could be in the chunk and on this page; a span not written yet (a play in flight) is read anyway.
      top: Math.min(head.b?.[`hi${chunk}`] ?? Infinity, before === null ? Infinity : before - 1),
    }))
      .filter((span) => before === null || span.lo < before)
      .sort((a, b) => b.top - a.top || b.chunk - a.chunk);
    const newest = () =>
      found
        .flat()
        .sort((a, b) => b.t - a.t)
        .slice(0, limit);
    for (const span of spans) {
      const sofar = newest();
      if (sofar.length === limit && span.top < sofar[limit - 1]!.t) break;
      const doc = await this.days.findById(chunkId(userId, day, span.chunk), { plays: 1 }).lean<DayDocument | null>();
      found[span.chunk + 1] = (doc?.plays ?? []).map(readPlay).filter(below);
    }
    // Flattened in counted order before the (stable) sort, so plays of the same millisecond keep their order.
    return newest();
  }

  /** The board of a kind in a period, most played first. */
  async top(userId: string, period: string, kind: TallyKind): Promise<TallyHit[]> {
    const board = await this.boards.findById(boardId(userId, period, kind), { entries: 1 }).lean<BoardDocument | null>();
    return (board?.entries ?? []).map(readEntry);
  }

  async deleteAll(userId: string): Promise<void> {
    const user = toObjectId(userId);
    await this.days.deleteMany({ user_id: user });
    await this.tallies.deleteMany({ user_id: user });
    await this.boards.deleteMany({ user_id: user });
  }

  async isPaused(userId: string): Promise<boolean> {
    const doc = await this.settings.findById(toObjectId(userId), { history_paused: 1 }).lean<ListeningSettingsDocument | null>();
    return doc?.history_paused ?? false;
  }

  async setPaused(userId: string, paused: boolean): Promise<void> {
    await this.settings.updateOne({ _id: toObjectId(userId) }, { $set: { history_paused: paused } }, { upsert: true });
  }
}
