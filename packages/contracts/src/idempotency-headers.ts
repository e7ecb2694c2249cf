/**
 * The idempotency headers (docs/api.md, "Retrying writes"), apart from the key's zod schema in idempotency.ts: the
 * browser's API client sends the key with every write and is part of every page's first screen, and a module that
 * builds a schema at its top level keeps all of zod (~18 KB gzip) in any bundle that imports anything from it.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer the API replays from its record instead of running the request again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
