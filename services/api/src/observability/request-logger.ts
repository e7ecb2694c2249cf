import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { currentRequestId } from './request-context.js';

interface JsonLogOptions {
  context: string;
  logLevel: LogLevel;
  writeStreamType?: 'stdout' | 'stderr';
  errorStack?: unknown;
  params?: Record<string, unknown>;
  error?: Error;
}

/**
 * Nest's JSON console logger, with `request_id` on every line written while a request is handled, so an
 * error or warning can be matched with the request line and with the gateway's access log.
 */
export class RequestAwareLogger extends ConsoleLogger {
  protected override getJsonLogObject(message: unknown, options: JsonLogOptions) {
    const line = super.getJsonLogObject(message, options);
    const requestId = currentRequestId();
    if (requestId) line.request_id = requestId;
    return line;
  }
}
