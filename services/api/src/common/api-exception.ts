import { HttpException } from '@nestjs/common';
import type { ApiErrorBody, ErrorCode } from '@tunafy/contracts';

/** Every error we raise on purpose carries a stable code and, for bad input, field messages. */
export class ApiException extends HttpException {
  constructor(statusCode: number, code: ErrorCode, message: string, errors?: Record<string, string>) {
    const body: ApiErrorBody = { statusCode, code, message, ...(errors ? { errors } : {}) };
    super(body, statusCode);
  }

  static validation(errors: Record<string, string>, message = 'Some fields are invalid.'): ApiException {
    return new ApiException(400, 'VALIDATION_FAILED', message, errors);
  }

  static notFound(what: string): ApiException {
    return new ApiException(404, 'NOT_FOUND', `${what} not found.`);
  }

  static forbidden(message = 'You are not allowed to do that.'): ApiException {
    return new ApiException(403, 'FORBIDDEN', message);
  }

  static unauthenticated(message = 'You need to log in.'): ApiException {
    return new ApiException(401, 'UNAUTHENTICATED', message, { auth: 'Unauthorized' });
  }

  static invalidId(what: string): ApiException {
    return new ApiException(400, 'INVALID_ID', `That is not a valid ${what} id.`);
  }
}
