// For the apps' unit tests only (vitest + Testing Library): the fakes every app's suite needs alike.
export { apiError, deferred, installApiClient } from './fake-api';
export { expectFocusCycle } from './focus';
export { fakeMediaQuery } from './media-query';
export { currentPath, renderAt } from './render';
