export { startDatabase, type DatabaseEngine, type RunningDatabase, type StartDatabaseOptions } from './database.js';
export { startApi, type RunningApi, type StartApiOptions } from './api-process.js';
export { findFreePort } from './ports.js';
export { repoRoot } from './paths.js';
export { runNodeScript } from './node-script.js';
export { createGatewayApp, frontendApps, REMOTE_FOLDERS, startGateway, type GatewayOptions, type RemoteDefinition, type RunningGateway } from './gateway.js';
export { remoteNameOf } from './gateway-remotes.js';
