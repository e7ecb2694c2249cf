import type { Model, Types } from 'mongoose';

/** Statements per delete command; the driver would split larger batches itself, this keeps each reply small. */
const BATCH = 1000;

/**
 * Deletes documents by `_id`, one `{_id}` statement each, sent as one delete
 * command per batch. A `deleteMany` with any other filter, `{_id: {$in}}`
 * included, reads the whole collection on the embedded engine (FerretDB over
 * SQLite looks documents up by `_id` only: docs/decisions/0005-embedded-engine-ferretdb-sqlite.md);
 * MongoDB answers both shapes from the `_id` index. Answers how many went.
 */
export async function deleteByIds<T>(model: Model<T>, ids: readonly Types.ObjectId[]): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH).map((_id) => ({ deleteOne: { filter: { _id } } }));
    // Unordered: a statement that finds nothing (already gone) does not hold up the rest.
    deleted += (await model.collection.bulkWrite(batch, { ordered: false })).deletedCount;
  }
  return deleted;
}
