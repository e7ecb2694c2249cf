import type { PipeTransform } from '@nestjs/common';
import { validate } from '@tunafy/contracts';
import type { z } from 'zod';
import { ApiException } from './api-exception.js';

/** Validates a body or query with the contracts' schema, answering 400 with field messages. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = validate(this.schema, value ?? {});
    if (!result.ok) throw ApiException.validation(result.errors);
    return result.value;
  }
}
