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
