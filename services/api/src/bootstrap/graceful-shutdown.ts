import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/**
 * Stopping without dropping requests, under load too.
 *
 * Nest's own shutdown stops listening and then waits for the HTTP server to close, but a keep-alive client
 * that keeps sending (a browser, the gateway's proxy, a load balancer) keeps its connection busy, so the
 * server never closed: measured, a SIGTERM under steady load left the API serving for as long as the load
 * lasted, until the orchestrator's SIGKILL cut everything. While draining, every answer therefore carries
 * `Connection: close` (the request itself is served normally, so nothing fails). The server keeps listening
 * for DRAIN_WINDOW_MS first, so that every busy keep-alive connection gets one more answer and is closed by
 * its client: closing a connection that looks idle races with a request the client is sending on it
 * (ECONNRESET, which the integration test caught). Then Nest closes the server, which also closes the
 * connections that stayed idle all along. Whatever still runs after the grace period (a slow audio stream)
 * is cut, so the process ends on its own before Docker's stop_grace_period. The database closes only after
 * all of this (Nest's shutdown hooks run after the server has closed).
 */
/** How long a stopping server keeps answering (with `Connection: close`) before it stops listening. */
export const DRAIN_WINDOW_MS = 1000;

export class GracefulShutdown {
  private draining = false;

  constructor(
    private readonly server: Server,
    private readonly graceMs: number,
    private readonly warn: (message: string) => void,
  ) {}

  /** Mounted first: while draining, each answer ends its connection. */
  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    if (this.draining) res.setHeader('Connection', 'close');
    next();
  };

  /** Drains connections while `close` (the app's own shutdown) runs, and cuts them after the grace period. */
  async run(close: () => Promise<void>): Promise<void> {
    this.draining = true;
    const deadline = setTimeout(() => {
      this.warn(`requests still running ${this.graceMs} ms after the stop signal; closing their connections`);
      this.server.closeAllConnections();
    }, this.graceMs);
    deadline.unref();
    try {
      // With no connection open there is nothing to drain (tests, a dev server nobody uses).
      if ((await this.openConnections()) > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(DRAIN_WINDOW_MS, this.graceMs)));
      await close();
    } finally {
      clearTimeout(deadline);
    }
  }

  private openConnections(): Promise<number> {
    return new Promise((resolve) => this.server.getConnections((error, count) => resolve(error ? 1 : count)));
  }
}
