import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { LYRICS_FILE_FIELD, LYRICS_LIMITS, LYRICS_MESSAGES } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { ApiException } from '../common/api-exception.js';

const parse = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LYRICS_LIMITS.inputBytesMax, fieldSize: LYRICS_LIMITS.inputBytesMax, files: 2, fields: 5 },
}).fields([{ name: LYRICS_FILE_FIELD, maxCount: 1 }]);

/**
 * PUT /api/songs/{id}/lyrics as multipart: an `.lrc`/`.txt` (`file`) or pasted `text`, each at most
 * LYRICS_LIMITS.inputBytesMax; over that, a 413 that says the limit rather than multer's words. JSON bodies pass
 * untouched (Nest parsed them already).
 */
@Injectable()
export class LyricsUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (request.is('multipart/form-data')) {
      await new Promise<void>((resolve, reject) =>
        parse(request, http.getResponse<Response>(), (error?: unknown) => (error ? reject(refusal(error)) : resolve())),
      );
    }
    return next.handle();
  }
}

function refusal(error: unknown): ApiException {
  if (error instanceof multer.MulterError) {
    const field = error.field ?? LYRICS_FILE_FIELD;
    if (error.code === 'LIMIT_FILE_SIZE' || error.code === 'LIMIT_FIELD_VALUE') {
      return new ApiException(413, 'PAYLOAD_TOO_LARGE', LYRICS_MESSAGES.inputTooLong, { [field]: LYRICS_MESSAGES.inputTooLong });
    }
    return ApiException.validation({ [field]: 'Unexpected field.' });
  }
  return new ApiException(400, 'BAD_REQUEST', 'The upload could not be read. Please try again.');
}
