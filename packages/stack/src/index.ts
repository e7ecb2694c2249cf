export { startDatabase, type DatabaseEngine, type RunningDatabase, type StartDatabaseOptions } from './database.js';
export { IMPORT_NODE_FLAGS, startApi, throwawayApiEnv, type RunningApi, type StartApiOptions } from './api-process.js';
export { findFreePort } from './ports.js';
export { cpuMs, withCpu } from './bench/process-cpu.js';
export { repoRoot } from './paths.js';
export { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium.js';
export { runNodeScript } from './node-script.js';
export { createGatewayApp, frontendApps, RELEASES_DIR, REMOTE_FOLDERS, startGateway, VERSIONS_PATH, type GatewayOptions, type RemoteDefinition, type RunningGateway } from './gateway.js';
export { remoteNameOf } from './gateway-remotes.js';
export { publishRemote, type PublishRemoteOptions, type PublishedRemote } from './publish-remote.js';
export { formatMixedLoad, runMixedLoad, type MixedLoadInput, type MixedLoadResult, type MixedLoadSong, type MixedLoadUser, type RequestTypeStats } from './load/mixed-load.js';
export { cookieHeader, storeSetCookies } from './cookie-jar.js';
export { catalogBatches, describeGrowth, growCatalog, nameGenerator, vocabulary, type CatalogBatch, type GrowOptions, type GrownCatalog, type GrowerState, type TemplateMedia } from './catalog/grow-catalog.js';
export {
  ApiReplica,
  FIRST_VERSION,
  NginxServer,
  REMOTE_APPS,
  requireNginx,
  startNginxGateway,
  startProductionTopology,
  STATIC_APPS,
  type GatewayLogLine,
  type ProductionTopology,
  type ProductionTopologyOptions,
  type RemoteApp,
  type StaticApp,
} from './production-topology.js';
export { REFUSED_UPLOAD_SIZES, refusalFailures, refusedUploadCases, sendRefusedUpload, sendRefusedUploads, type RefusedUploadCase, type RefusedUploadOutcome } from './refused-uploads.js';
