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
