/**
 * The first screen's remote code, as bootstrap requested it. Remotes that no screen needs yet (the
 * guest's log-in modals) wait for it, so they do not compete with it for the network on a cold start.
 */
let firstScreen: Promise<unknown> = Promise.resolve();

export function trackFirstScreen(load: Promise<unknown>): void {
  // A failed first screen shows its fallback; the deferred remotes may load after it all the same.
  firstScreen = load.catch(() => undefined);
}

export function afterFirstScreen(): Promise<unknown> {
  return firstScreen;
}
