import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration } from './metrics.js';

const STARTED = Symbol('tunafy.startedAt');
type TimedResponse = Response & { [STARTED]?: number };

/** One shared listener (no closure per request); `close` also fires for answers the client cut short. */
function recordRequest(this: TimedResponse): void {
  const startedAt = this[STARTED];
  if (startedAt === undefined) return;
  const req = this.req;
  // The matched route's pattern, not the URL: ids would make a series per song. Unmatched paths share one.
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  const route = typeof pattern === 'string' ? req.baseUrl + pattern : 'unmatched';
  httpRequestDuration.observe({ method: req.method, route, status: this.statusCode }, (performance.now() - startedAt) / 1000);
}

/** Times every request by method, route pattern and status (tunafy_http_request_duration_seconds). */
export function httpMetrics(_req: Request, res: Response, next: NextFunction): void {
  (res as TimedResponse)[STARTED] = performance.now();
  res.once('close', recordRequest);
  next();
}
