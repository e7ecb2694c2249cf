import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { IDEMPOTENT_REPLAYED_HEADER } from '@tunafy/contracts';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, of, throwError, type Observable } from 'rxjs';
import { ApiException } from '../common/api-exception.js';
import { fingerprintOf, isRecordedRoute, KEYED_METHODS, readIdempotencyKey, recordId } from './idempotency-key.js';
import { IdempotencyRepository, type IdempotencyRecord } from './idempotency.repository.js';

export const STILL_RUNNING_MESSAGE =
  'A request with this Idempotency-Key is still being processed, or was interrupted. Try again shortly; if this persists, check whether it took effect before sending it again with a new key.';
/** 1 + 2 + 4 + 8 + 16 s: about as long as an engine restart may take (deploy/README.md, drill (c)). */
const RELEASE_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 16_000];
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request. Send a new key with each new request.';

/**
 * Runs a write that carries an `Idempotency-Key` at most once per caller and key (docs/api.md, "Retrying writes"), so
 * the gateway may resend it to another replica when the first one's connection failed, and a client may resend it
 * when the answer was lost.
 *
 * A global interceptor, so it runs after the guards: a request refused for its CSRF token, its session or the rate
 * limit leaves no record, and a client that fixes that retries with the same key. The first arrival inserts a
 * `running` record (the unique `_id` decides between two replicas), then the handler runs; its answer is recorded
 * before it is sent, so an acknowledged write is always found by a repeat. A 2xx or a 4xx is kept and replayed (a
 * 4xx would be the same again); a 5xx (and a 429) removes the record, so a retry runs again.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  /** Delays between the attempts to remove the record of a failed request (see release). */
  releaseRetryMs: readonly number[] = RELEASE_RETRY_MS;

  constructor(private readonly records: IdempotencyRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (!KEYED_METHODS.has(req.method)) return next.handle();
    const key = readIdempotencyKey(req);
    if (key === undefined || !isRecordedRoute(req.path)) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    const id = recordId(req, key);
    const fingerprint = fingerprintOf(req);
    return from(this.records.claim(id, fingerprint, new Date())).pipe(mergeMap((existing) => (existing ? this.repeat(existing, fingerprint, res) : this.run(id, res, next))));
  }

  private repeat(existing: IdempotencyRecord, fingerprint: string, res: Response): Observable<unknown> {
    if (existing.fingerprint !== fingerprint) throw new ApiException(409, 'CONFLICT', KEY_REUSED_MESSAGE);
    if (existing.state === 'running') throw new ApiException(409, 'CONFLICT', STILL_RUNNING_MESSAGE);
    // Nest set the route's status before the interceptors ran and sends what we emit with whatever status the response holds.
    res.status(existing.status);
    res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return of(existing.body === null ? undefined : (JSON.parse(existing.body) as unknown));
  }

  private run(id: string, res: Response, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      // The handler's answer (its status is final by now: set by the route or by the handler itself).
      mergeMap(async (body: unknown) => {
        await this.settle(id, res.statusCode, body);
        return body;
      }),
      catchError((error: unknown) => {
        this.settleErrorAnswer(id, res);
        return throwError(() => error);
      }),
    );
  }

  /**
   * A failed handler's answer is made by the global exception filter, which alone knows its status and body: record it
   * when the filter sends it. The handler is over, so if the response closes without that (the filter cut a response
   * already under way), the record is removed.
   */
  private settleErrorAnswer(id: string, res: Response): void {
    let settled = false;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      res.json = json;
      settled = true;
      void this.settle(id, res.statusCode, body).finally(() => json(body));
      return res;
    };
    res.once('close', () => {
      if (!settled) void this.settle(id, 500, undefined);
    });
  }

  /** Records the answer to replay, or forgets the request when a retry may succeed. Never fails the answer itself. */
  private async settle(id: string, status: number, body: unknown): Promise<void> {
    if (status >= 500 || status === 429) return this.release(id);
    try {
      await this.records.complete(id, { status, body: body === undefined || body === null ? null : JSON.stringify(body) });
    } catch (error) {
      // The write is done; the record stays `running`, so a repeat gets the 409 (never a second run) until the janitor removes it.
      this.logger.warn(`could not record the answer of idempotent request ${id}: ${(error as Error).message}`);
    }
  }

  /**
   * A 5xx is most often the database going away (503), and then removing the record fails too. The answer is not held
   * back for it: the removal is retried in the background for about half a minute (RELEASE_RETRY_MS), the time an
   * engine restart takes, so that the client's retry with the same key runs instead of getting the 409 for a day.
   */
  private async release(id: string, attempt = 0): Promise<void> {
    try {
      await this.records.release(id);
    } catch (error) {
      const delay = this.releaseRetryMs[attempt];
      if (delay === undefined) {
        this.logger.warn(`could not forget failed idempotent request ${id} (a repeat gets 409 until the janitor removes it): ${(error as Error).message}`);
        return;
      }
      setTimeout(() => void this.release(id, attempt + 1), delay).unref();
    }
  }
}
