import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { isApiErrorBody, type ApiErrorBody, type ErrorCode } from '@tunafy/contracts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  412: 'PRECONDITION_FAILED',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * A socket's own failure codes. The driver wraps most of them as MongoNetworkError, but not all: a command
 * written to a connection the engine just closed (it is shutting down) throws Node's plain `Error: This socket
 * has been ended by the other party` (EPIPE) straight out of the driver's write (a drill saw it as a 500). The
 * API's only outgoing sockets are the database's, so such an error is the database going away.
 */
const SOCKET_FAILURES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * MongoDB's codes for a server that is shutting down, stepping down or unreachable (the driver's retryable set):
 * the command did not run, or its outcome is unknown, and another try shortly will reach a server that is up.
 */
const SERVER_GOING_AWAY = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * FerretDB answers a command cut short by its own shutdown with InternalError (1) and the cause as text: it gives
 * connected clients 3 s, then cancels what they run (context canceled; SQLite's interrupt; PostgreSQL's 57P01).
 */
const ENGINE_STOPPING = /context canceled|interrupted|database is closed|conn closed|terminating connection|shutting down/i;

/** Errors that mean "the database is unreachable": answer 503 so clients know to retry. */
export function isDatabaseDown(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = (error as { message?: string } | null)?.message ?? '';
  const code = (error as { code?: unknown } | null)?.code;
  return (
    /^Mongo(Network|ServerSelection|NotConnected|Topology)/.test(name) ||
    name === 'MongooseServerSelectionError' ||
    /buffering timed out|connection .* closed|socket has been ended/i.test(message) ||
    (typeof code === 'string' && SOCKET_FAILURES.has(code)) ||
    (name === 'MongoServerError' && typeof code === 'number' && (SERVER_GOING_AWAY.has(code) || (code === 1 && ENGINE_STOPPING.test(message))))
  );
}

/**
 * Gives every failure the one JSON shape of the contracts. Unknown errors are
 * logged with their stack and answered without internals.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(error);
    if (response.headersSent) {
      response.destroy();
      return;
    }
    if (body.code === 'SERVICE_UNAVAILABLE') response.setHeader('Retry-After', '5');
    response.status(body.statusCode).json(body);
  }

  private toBody(error: unknown): ApiErrorBody {
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const payload = error.getResponse();
      if (isApiErrorBody(payload)) return payload;
      const message = typeof payload === 'string' ? payload : ((payload as { message?: unknown }).message ?? error.message);
      return {
        statusCode: status,
        code: CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
        message: Array.isArray(message) ? message.join(' ') : String(message),
      };
    }
    if (isDatabaseDown(error)) {
      this.logger.warn(`database unavailable: ${(error as Error).message}`);
      return { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again shortly.' };
    }
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong. Please try again' };
  }
}
