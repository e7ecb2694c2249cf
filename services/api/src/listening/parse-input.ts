import { validate } from '@tunafy/contracts';
import type { z } from 'zod';
import { ApiException } from '../common/api-exception.js';

/** Validates a body or query with a contracts schema, answering 400 with field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = validate(schema, input ?? {});
  if (!result.ok) throw ApiException.validation(result.errors);
  return result.value;
}
