import { Injectable, mixin, type CallHandler, type ExecutionContext, type NestInterceptor, type Type } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { ApiException } from '../common/api-exception.js';
import { formUploadBytes, receivedBytes } from '../observability/metrics.js';
import type { MediaKind } from './media-store.js';
import { UPLOAD_RULES } from './upload-rules.js';

export interface UploadField {
  name: string;
  kind: MediaKind;
}

export type UploadedFileMap = Record<string, Express.Multer.File[] | undefined>;

export function firstFile(files: UploadedFileMap | undefined, field: string): Express.Multer.File | undefined {
  return files?.[field]?.[0];
}

const FIELD_VALUE_BYTES = 64 * 1024;
const MAX_TEXT_FIELDS = 30;

function toApiException(error: unknown, fields: readonly UploadField[]): ApiException {
  if (error instanceof multer.MulterError) {
    const field = error.field;
    switch (error.code) {
      case 'LIMIT_FILE_SIZE': {
        const kind = fields.find((candidate) => candidate.name === field)?.kind ?? 'image';
        const message = UPLOAD_RULES[kind].tooLargeMessage;
        return new ApiException(413, 'PAYLOAD_TOO_LARGE', message, { [field ?? 'file']: message });
      }
      case 'LIMIT_UNEXPECTED_FILE':
      case 'LIMIT_FILE_COUNT':
        return ApiException.validation({ [field ?? 'file']: 'Unexpected file.' });
      case 'LIMIT_FIELD_VALUE':
        return ApiException.validation({ [field ?? 'form']: 'This field is too long.' });
      default:
        return new ApiException(400, 'BAD_REQUEST', `The upload was refused: ${error.message}.`);
    }
  }
  // busboy's parse errors (truncated body, bad boundary) and aborted requests.
  return new ApiException(400, 'BAD_REQUEST', 'The upload could not be read. Please try again.');
}

/**
 * Parses a multipart body into memory for the listed file fields (one file
 * each) and any text fields. Runs after the guards, so guests and forged
 * requests are refused before we buffer anything. Multer's file-size limit
 * is the largest allowed for the listed kinds; the smaller per-kind limit is
 * enforced again by MediaUploads, since multer has one limit for all fields.
 */
export function UploadFiles(fields: UploadField[]): Type<NestInterceptor> {
  const fileSize = Math.max(0, ...fields.map((field) => UPLOAD_RULES[field.kind].maxBytes));
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize,
      // One over the expected count: the extra file still never gets buffered (the per-field
      // maxCount rejects it first), but multer then names its field instead of a bare "too many files".
      files: fields.length + 1,
      fieldSize: FIELD_VALUE_BYTES,
      fields: MAX_TEXT_FIELDS,
    },
  });
  const parse: RequestHandler = fields.length > 0 ? upload.fields(fields.map((field) => ({ name: field.name, maxCount: 1 }))) : upload.none();

  @Injectable()
  class UploadInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const request = http.getRequest<Request>();
      // JSON and urlencoded bodies were already parsed by Nest and keep working.
      if (request.is('multipart/form-data')) {
        await new Promise<void>((resolve, reject) =>
          parse(request, http.getResponse<Response>(), (error?: unknown) => (error ? reject(toApiException(error, fields)) : resolve())),
        );
        formUploadBytes.inc(receivedBytes(request.files));
      }
      return next.handle();
    }
  }
  return mixin(UploadInterceptor);
}
