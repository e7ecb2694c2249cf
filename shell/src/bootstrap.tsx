import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, createRoutes, routeHandles } from './app/routes';
import { RemoteUnavailableError } from './federation/errors';
import { preloadFirstScreen, preloadRemoteComponent } from './federation/remote-components';
import { requestRemoteList } from './federation/early-remote-list';
import { trackFirstScreen } from './federation/first-screen';
import { nextTask } from './federation/next-task';
import { registerRemoteList } from './federation/remotes';
import { startOffline } from './offline/service-worker';
import { restoreSession } from './session/session';
import './global.css';

/** How long the splash may wait for the first screen's code, so it appears with the layout, not after it. */
const FIRST_SCREEN_BUDGET_MS = 1000;
/**
 * How much longer the first render may wait for the first screen's data once its code is in. On a cold start the data
 * is usually in first (the entry preloads it); a slower answer is not worth a longer blank page.
 */
const FIRST_DATA_GRACE_MS = 200;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function start() {
  // Apart from this chunk's evaluation (React, the router, the layout): together one long task (decision 0027).
  await nextTask();
  // Session and remote list in parallel; nothing renders before the session is known (no guest flash).
  const session = restoreSession();
  registerRemoteList(await requestRemoteList());
  // The remote list is usually in by now, so without this the routes' matching and the first screen's requests
  // would run in the same task as the session check.
  await nextTask();
  const routes = createRoutes();
  const screen = routeHandles(routes, window.location).map((handle) => handle.remote).findLast(Boolean);
  const firstScreen = screen ? preloadRemoteComponent(screen) : Promise.resolve();
  trackFirstScreen(firstScreen);
  // The player bar's code is not preloaded beside the first screen's: it loads when the layout first renders. Its
  // scripts would run before that render, on the main thread the first screen is waiting for (docs/benchmarks.md,
  // session 12).
  await session;
  // The first screen's code and its first data (preloaded by the entry), so its first render draws the data; a slow
  // answer holds the layout back for FIRST_DATA_GRACE_MS at most once the code is in, then the screen shows its skeleton.
  await Promise.race([
    screen ? preloadFirstScreen(screen) : firstScreen,
    firstScreen.then(() => delay(FIRST_DATA_GRACE_MS)),
    delay(FIRST_SCREEN_BUDGET_MS),
  ]);

  const root = createRoot(document.getElementById('root')!, {
    // A remote that cannot load is expected (and already logged once by the runtime plugin); its region
    // shows a fallback. Everything else a boundary catches is a bug worth the full report.
    onCaughtError: (error, info) => {
      if (!(error instanceof RemoteUnavailableError)) console.error(error, info.componentStack);
    },
  });
  // A transition, so React renders the first screen in slices that yield to the browser every few ms: as a default
  // update it was one task of 0.3–0.7 s on Lighthouse's phone (4× CPU), all of it blocking time (docs/decisions/0019).
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>
        <AfterFirstCommit run={startOffline} />
      </StrictMode>,
    ),
  );
}

/**
 * Offline listening's worker: registered once the first screen is drawn, never before it (docs/offline.md). After the
 * commit rather than a timer: a sliced render leaves the main thread between its slices, where a timer would run.
 */
function AfterFirstCommit({ run }: { run: () => void }) {
  useEffect(() => {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }, [run]);
  return null;
}

void start();
