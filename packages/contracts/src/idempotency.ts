import { z } from 'zod';

/**
 * Idempotency keys (docs/api.md, "Retrying writes"): a client sends a fresh key with each write; the API runs a keyed
 * request once per caller and key and answers a repeat with the recorded answer, so the gateway (or a phone on a flaky
 * network) may resend a write whose answer was lost without applying it twice.
 */
// The header names live in idempotency-headers.ts, which imports no zod (the browser's API client needs them).

/** 1–100 characters of letters, digits and `_-:.` (a UUID fits; so does a client's own scheme). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_\-:.]{1,100}$/, 'The Idempotency-Key header must be 1 to 100 characters: letters, digits, "_", "-", ":" or ".".');
