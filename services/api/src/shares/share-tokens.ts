import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SHARE_TOKEN_PATTERN } from '@tunafy/contracts';

/** 128 random bits, base64url without padding (22 characters): the secret a share link carries. */
export function newShareToken(): string {
  return randomBytes(16).toString('base64url');
}

export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The share's `_id`: the first 24 hex digits of the token's hash, as an ObjectId. The embedded engine finds a
 * document cheaply only by `_id` (docs/lists-at-scale.md), so the token must lead there; the whole hash is compared
 * after (sameHash), and the database never holds the token itself.
 */
export function shareIdOfHash(hash: string): string {
  return hash.slice(0, 24);
}

/** The share id a well-formed token would have, or null for anything that cannot be a token. */
export function lookupOf(token: string): { id: string; hash: string } | null {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const hash = hashShareToken(token);
  return { id: shareIdOfHash(hash), hash };
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
