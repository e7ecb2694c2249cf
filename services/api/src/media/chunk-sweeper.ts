import mongoose from 'mongoose';

const { ObjectId } = mongoose.mongo;

/** How many distinct upload ids the sweep classifies per round trip to the files collection. */
const HEADLESS_BATCH = 500;

interface ChunkDocument {
  _id: mongoose.mongo.ObjectId;
  files_id: unknown;
  n: number;
  data: unknown;
}

/**
 * Deletes the chunks of uploads that never got their files document, made before `before`.
 *
 * GridFS writes a file's chunks first and its files document last, so a process killed mid-upload leaves chunks no
 * file owns, which no read or delete ever reaches. The upload's age is its id's: the store (and the driver) makes
 * the id when the upload starts, so chunks whose `files_id` is older than `before` belong to an upload that had that
 * long to finish. The embedded engine cannot list the distinct `files_id`s from an index, so this reads the chunks
 * once, as one unsorted, projected cursor in bounded batches, and deletes each headless upload by `{files_id}`, which
 * our FerretDB build answers from its index (decision 0005); that full read is why the janitor runs it daily.
 */
export async function deleteHeadlessChunks(db: mongoose.mongo.Db, bucketName: string, before: Date): Promise<{ uploads: number; chunks: number }> {
  const files = db.collection<{ _id: mongoose.mongo.ObjectId }>(`${bucketName}.files`);
  const chunks = db.collection<ChunkDocument>(`${bucketName}.chunks`);
  const seen = new Set<string>();
  const headless: mongoose.mongo.ObjectId[] = [];
  let batch: mongoose.mongo.ObjectId[] = [];
  const classify = async () => {
    if (batch.length === 0) return;
    const owned = await files.find({ _id: { $in: batch } }, { projection: { _id: 1 } }).toArray();
    const existing = new Set(owned.map((doc) => doc._id.toHexString()));
    headless.push(...batch.filter((id) => !existing.has(id.toHexString())));
    batch = [];
  };
  const cursor = chunks.find({}, { projection: { _id: 0, files_id: 1 }, batchSize: HEADLESS_BATCH });
  for await (const chunk of cursor) {
    const filesId = chunk.files_id;
    if (!(filesId instanceof ObjectId)) continue;
    const hex = filesId.toHexString();
    if (seen.has(hex)) continue;
    seen.add(hex);
    if (filesId.getTimestamp() >= before) continue;
    batch.push(filesId);
    if (batch.length >= HEADLESS_BATCH) await classify();
  }
  await classify();
  let deleted = 0;
  for (const id of headless) {
    deleted += (await chunks.deleteMany({ files_id: id })).deletedCount;
  }
  return { uploads: headless.length, chunks: deleted };
}
