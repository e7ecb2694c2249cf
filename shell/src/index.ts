import { prefetchScreenCode, requestRemoteList } from './federation/early-remote-list';
import { requestSessionEarly } from './session/early-session';

// Started before the async boundary below, so they overlap the download of the bootstrap chunk (React,
// the router): the session check, the remote list, then the first screen's code. None of them needs a
// shared module.
requestSessionEarly();
void requestRemoteList();
prefetchScreenCode(window.location.pathname);

// The async boundary Module Federation needs: shared singletons (react, the router, the bus) are
// negotiated with the remotes while this chunk loads, so nothing consumes them eagerly.
import('./bootstrap');
