import { requestRemoteList } from './federation/early-remote-list';
import { preloadFirstScreenData } from './federation/first-screen-data';
import { nextTask } from './federation/next-task';

// Each step in a task of its own: the federation runtime's start (this chunk's evaluation), the first requests, then
// the bootstrap chunk's load. In one task they were 25–50 ms, 4× that on Lighthouse's phone (decision 0027).
void (async () => {
  await nextTask();
  // Started before the async boundary below, so it overlaps the download of the bootstrap chunk.
  void requestRemoteList();
  preloadFirstScreenData(window.location.pathname);
  await nextTask();
  // The async boundary Module Federation needs: shared singletons (react, the router, the bus) are
  // negotiated with the remotes while this chunk loads, so nothing consumes them eagerly.
  await import('./bootstrap');
})();
