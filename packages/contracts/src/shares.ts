import { z } from 'zod';
import { idSchema } from './library.js';
import { SHARE_KINDS, SHARE_TOKEN_PATTERN } from './shares-limits.js';

/** The share calls' request schemas (docs/shares.md); the constants and answer types are in shares-limits.ts. */
export const shareInputSchema = z
  .object({
    kind: z.enum(SHARE_KINDS, { error: `Share one of: ${SHARE_KINDS.join(', ')}.` }),
    id: idSchema,
    expires_at: z.iso.datetime({ offset: true, error: 'Give the expiry as an ISO 8601 date and time.' }).nullable().optional(),
  })
  .strict();
export type ShareInput = z.input<typeof shareInputSchema>;

export const shareTokenSchema = z.string().regex(SHARE_TOKEN_PATTERN, 'Invalid share token.');

export const oembedQuerySchema = z.object({
  url: z.string().min(1, 'Give the url of a share page.').max(2000),
  format: z.literal('json', { error: 'Only format=json is served.' }).optional(),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
});

