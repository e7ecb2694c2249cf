import { MESSAGES } from '@tunafy/contracts';
import { ApiException } from './api-exception.js';

const TOO_LARGE: ReadonlySet<string> = new Set([MESSAGES.coverTooLarge, MESSAGES.songTooLarge]);

/**
 * The one error for a form's field and file problems. Multer can only enforce
 * the largest limit of a form's fields, so a cover between its own limit and
 * the song limit is caught later, by MediaUploads; answering 413 for it too
 * keeps "too large" meaning the same status whichever layer noticed.
 */
export function invalidForm(errors: Record<string, string>): ApiException {
  const tooLarge = Object.values(errors).find((message) => TOO_LARGE.has(message));
  return tooLarge ? new ApiException(413, 'PAYLOAD_TOO_LARGE', tooLarge, errors) : ApiException.validation(errors);
}
