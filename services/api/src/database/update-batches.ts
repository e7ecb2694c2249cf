import type { Model } from 'mongoose';

/**
 * Statements per `update` command (a bulkWrite of updateOne's). FerretDB 1.24's update handler keeps each statement's
 * SQLite query open until the whole command ends, and its pool holds 100 connections: a command of 100 statements
 * never answers and leaves the engine's writes stuck (docs/decisions/0025-artist-sort-keys-after-the-load.md). 16 leaves room
 * for several such commands at once (replicas, the catalog load's cursors); MongoDB takes any size.
 */
export const UPDATES_PER_COMMAND = 16;

type Writes<T> = Parameters<Model<T>['collection']['bulkWrite']>[0];

/**
 * Sends `updateOne` statements unordered, UPDATES_PER_COMMAND per command (a statement that matches nothing does not
 * hold up the rest); answers how many matched and how many changed.
 */
export async function updateInCommands<T>(model: Model<T>, writes: Writes<T>): Promise<{ matched: number; modified: number }> {
  let matched = 0;
  let modified = 0;
  for (let start = 0; start < writes.length; start += UPDATES_PER_COMMAND) {
    const result = await model.collection.bulkWrite(writes.slice(start, start + UPDATES_PER_COMMAND), { ordered: false });
    matched += result.matchedCount;
    modified += result.modifiedCount;
  }
  return { matched, modified };
}
