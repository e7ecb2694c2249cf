import { songRefSchema, validate } from '@tunafy/contracts';
import { Types } from 'mongoose';
import { ApiException } from './api-exception.js';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}

/** Malformed ids are the caller's mistake (400), not a missing record and never a 500. */
export function requireId(value: unknown, what: string): string {
  if (!isId(value)) throw ApiException.invalidId(what);
  return value.toLowerCase();
}

export function toObjectId(id: string): Types.ObjectId {
  return new Types.ObjectId(id);
}

/**
 * The song a like, unlike, add or remove names: `song_id` in a JSON, urlencoded or multipart body, checked
 * by the shared schema (its message under `song_id` on a 400), lower-cased like every id we store.
 */
export function requireSongRef(body: unknown): string {
  const result = validate(songRefSchema, body ?? {});
  if (!result.ok) throw ApiException.validation(result.errors);
  return result.value.song_id.toLowerCase();
}

/**
 * An ObjectId as our lower-case hex id. The driver's toHexString() builds a
 * string that V8 keeps at ~230 bytes; Buffer's hex encoder gives a flat 24-byte
 * one (~48 bytes in the heap), which matters when the read model holds several
 * ids per song for a hundred thousand songs.
 */
export function hexId(id: Types.ObjectId): string {
  return Buffer.from(id.id).toString('hex');
}
