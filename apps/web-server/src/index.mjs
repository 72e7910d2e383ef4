// The suite's production web server: serves the built shell and remotes with
// compression, cache headers, the security headers and a per-response CSP
// nonce. Used by `npm start`, the e2e tests and the benches.
export {
  appNames,
  defaultPorts,
  defaults,
  envPort,
  remoteNames,
  repoRoot,
  suitePorts,
  suiteSettings,
} from './defaults.mjs';
export { negotiateEncoding } from './encoding.mjs';
export { allowedStyleAttributes, cacheControl, contentSecurityPolicy } from './headers.mjs';
export { serveDist } from './serve-dist.mjs';
export { distOf, runtimeConfig, serveSuite, snapshotDists } from './suite.mjs';

/** @typedef {import('./defaults.mjs').AppName} AppName */
/** @typedef {import('./defaults.mjs').SuitePorts} SuitePorts */
/** @typedef {import('./defaults.mjs').SuiteSettings} SuiteSettings */
/** @typedef {import('./serve-dist.mjs').RunningServer} RunningServer */
/** @typedef {import('./headers.mjs').RuntimeConfig} RuntimeConfig */
export { contractMismatches, SHELL_LOADS } from './releases-contract.mjs';
export { releasesRuntimeConfig } from './releases-config.mjs';
export { publishRelease, rollback, storeFromEnv } from './releases-publish.mjs';
export { integrityOf, promoteChange, updatePointer } from './releases-store.mjs';
export { S3ReleaseStore, s3SettingsFromEnv } from './releases-s3.mjs';
export { mirrorReleases, serveReleases } from './releases-mirror.mjs';
