/**
 * The session check, sent by the entry chunk (index.ts) before React, the router and the API client have
 * loaded: those are shared modules that only exist after the async boundary, and waiting for them put a
 * round trip to the API on the path to every first screen. Plain fetch() only, nothing shared.
 */

/** A session check slower than this counts as "can't reach the server": the page must not wait on a hung API. */
export const SESSION_TIMEOUT_MS = 5000;

export interface EarlySession {
  response: Promise<Response>;
  /** Aborts the request once SESSION_TIMEOUT_MS have passed since it was sent. */
  controller: AbortController;
}

let early: EarlySession | undefined;

/** Sends the check now; what the API client would send (same URL, headers and credentials). */
export function requestSessionEarly(): void {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), SESSION_TIMEOUT_MS);
  const response = fetch('/api/auth/', { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: controller.signal });
  // Read by the first session check; if the page never gets that far, a failure here is not news.
  response.catch(() => undefined);
  early = { response, controller };
}

/** The early check, once: later checks (retries) send their own. */
export function takeEarlySession(): EarlySession | undefined {
  const taken = early;
  early = undefined;
  return taken;
}
