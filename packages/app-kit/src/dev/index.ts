// For the remotes' standalone dev pages (src/dev/ and bootstrap.tsx): never part of what the shell loads.
export { mountPlayground, sessionLabel, useSessionFromApi } from './playground';
export { DevBar } from './dev-bar';
