import type { Connection, Model, Schema, Types, UpdateQuery } from 'mongoose';
import { hexId, toObjectId } from './ids.js';

/**
 * What the catalog's repositories (songs, albums, playlists) do alike over their one collection of `_id`-keyed
 * documents: look one up, stream them all for the read model, delete one, check which ids still exist, and
 * write a patch answering the document as it was. Each subclass keeps its schema, its document-to-record
 * mapping and every query of its own; like them, this is repository code, the only layer that knows mongoose.
 */
export abstract class DocumentRepository<Doc extends { _id: Types.ObjectId }, Rec> {
  protected readonly model: Model<Doc>;

  protected constructor(
    connection: Connection,
    modelName: string,
    schema: Schema<Doc>,
    private readonly toRecord: (doc: Doc) => Rec,
  ) {
    this.model = connection.model<Doc>(modelName, schema);
  }

  async findById(id: string): Promise<Rec | null> {
    const doc = await this.model.findById(toObjectId(id)).lean<Doc>();
    return doc ? this.toRecord(doc) : null;
  }

  /** Every record, streamed in batches, for loading the catalog read model (memory stays bounded by the batch). */
  async *all(): AsyncIterable<Rec> {
    for await (const doc of this.model.find({}).lean<Doc>().cursor({ batchSize: 1000 })) yield this.toRecord(doc as Doc);
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: toObjectId(id) });
    return result.deletedCount > 0;
  }

  /** Which of `ids` still name a document (the janitor's dangling-reference sweep). */
  async existingIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const docs = await this.model.find({ _id: { $in: ids.map(toObjectId) } }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
    return new Set(docs.map((doc) => hexId(doc._id)));
  }

  /**
   * Sets `set` on one document and answers the document as it was before (null when there is none), so the
   * caller discards exactly the files this write replaced even when two updates race.
   */
  protected async updateReturningPreviousDoc(id: string, set: Partial<Doc>): Promise<Doc | null> {
    return this.model.findOneAndUpdate({ _id: toObjectId(id) }, { $set: set } as UpdateQuery<Doc>, { returnDocument: 'before' }).lean<Doc>();
  }
}
