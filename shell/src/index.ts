import { requestRemoteList } from './federation/early-remote-list';
import { preloadFirstScreenData } from './federation/first-screen-data';

// Started before the async boundary below, so it overlaps the download of the bootstrap chunk.
void requestRemoteList();
preloadFirstScreenData(window.location.pathname);

// The async boundary Module Federation needs: shared singletons (react, the router, the bus) are
// negotiated with the remotes while this chunk loads, so nothing consumes them eagerly.
import('./bootstrap');
