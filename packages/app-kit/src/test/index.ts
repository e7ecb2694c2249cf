// For the apps' unit tests only (vitest + Testing Library): the fakes every app's suite needs alike.
export { apiError, deferred, installApiClient } from './fake-api';
export { currentPath, renderAt } from './render';
