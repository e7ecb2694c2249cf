/**
 * One error shape for every non-2xx answer of the API, so every UI can handle
 * failures the same way. `errors` is present for validation problems and is
 * keyed by the request field, so forms can put each message under its input.
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_ID',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_INVALID',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PRECONDITION_FAILED',
  'RANGE_NOT_SATISFIABLE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  // Transcoding (docs/streaming.md): past a cap (429), ffmpeg missing (503), a file ffmpeg cannot decode (422).
  'TOO_MANY_TRANSCODES',
  'TRANSCODING_UNAVAILABLE',
  'TRANSCODE_FAILED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  errors?: Record<string, string>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.statusCode === 'number' && typeof body.code === 'string' && typeof body.message === 'string';
}
