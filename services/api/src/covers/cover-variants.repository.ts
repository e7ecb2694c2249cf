import { Inject, Injectable } from '@nestjs/common';
import type { CoverFormat } from '@tunafy/contracts';
import type { Collection } from 'mongodb';
import type { Connection } from 'mongoose';
import { insertedFirst } from '../database/mongo-errors.js';
import { DB_CONNECTION } from '../database/tokens.js';
import type { PictureFacts } from './cover-encoder.js';

interface VariantDocument {
  size: number;
  format: CoverFormat;
  /** The derived picture's file in the `covers` GridFS bucket. */
  file_id: string;
  bytes: number;
  edge: number;
}

/** One original's derived set (`cover_variants`, `_id` the original's file id): written whole, once per output version. */
interface CoverVariantsDocument {
  _id: string;
  version: number;
  made_at: Date;
  width: number;
  height: number;
  alpha: boolean;
  /** Why the picture cannot be derived (damaged, too many pixels, not a picture): `?size=` then sends the original. */
  unreadable: string | null;
  variants: VariantDocument[];
}

export interface CoverVariant {
  size: number;
  format: CoverFormat;
  fileId: string;
  bytes: number;
  edge: number;
}

export interface CoverVariants {
  sourceId: string;
  version: number;
  madeAt: Date;
  facts: PictureFacts;
  unreadable: string | null;
  variants: CoverVariant[];
}

/**
 * The derived sets of covers, one document per original, read and written by `_id` only (the filter FerretDB answers
 * from its index). A set is written in one insert, never field by field: FerretDB applies an update as a read, then a
 * write, so two writers adding a variant each would lose one. Two processes deriving the same original race on the
 * insert; the loser deletes its files.
 */
@Injectable()
export class CoverVariantsRepository {
  constructor(@Inject(DB_CONNECTION) private readonly connection: Connection) {}

  private get sets(): Collection<CoverVariantsDocument> {
    return this.connection.db!.collection<CoverVariantsDocument>('cover_variants');
  }

  async find(sourceId: string): Promise<CoverVariants | null> {
    const doc = await this.sets.findOne({ _id: sourceId });
    return doc ? toVariants(doc) : null;
  }

  /** False when a set for this original is there already (another process made it meanwhile). */
  async insert(set: CoverVariants): Promise<boolean> {
    return insertedFirst(() => this.sets.insertOne(toDocument(set)));
  }

  /** Replaces a set of an older output version; false when it changed meanwhile (someone else replaced it). */
  async replace(set: CoverVariants, previousVersion: number): Promise<boolean> {
    const result = await this.sets.replaceOne({ _id: set.sourceId, version: previousVersion }, toDocument(set));
    return result.modifiedCount > 0;
  }

  async delete(sourceId: string): Promise<void> {
    await this.sets.deleteOne({ _id: sourceId });
  }

  /** Every set's original, age and files, for the janitor (one read of the collection, only those fields). */
  async listAll(): Promise<{ sourceId: string; madeAt: Date; fileIds: string[] }[]> {
    const docs = await this.sets.find({}, { projection: { made_at: 1, variants: 1 } }).toArray();
    return docs.map((doc) => ({ sourceId: doc._id, madeAt: doc.made_at, fileIds: (doc.variants ?? []).map((variant) => variant.file_id) }));
  }
}

function toVariants(doc: CoverVariantsDocument): CoverVariants {
  return {
    sourceId: doc._id,
    version: doc.version,
    madeAt: doc.made_at,
    facts: { width: doc.width, height: doc.height, alpha: doc.alpha },
    unreadable: doc.unreadable,
    variants: doc.variants.map((variant) => ({ size: variant.size, format: variant.format, fileId: variant.file_id, bytes: variant.bytes, edge: variant.edge })),
  };
}

function toDocument(set: CoverVariants): CoverVariantsDocument {
  return {
    _id: set.sourceId,
    version: set.version,
    made_at: set.madeAt,
    width: set.facts.width,
    height: set.facts.height,
    alpha: set.facts.alpha,
    unreadable: set.unreadable,
    variants: set.variants.map((variant) => ({ size: variant.size, format: variant.format, file_id: variant.fileId, bytes: variant.bytes, edge: variant.edge })),
  };
}
