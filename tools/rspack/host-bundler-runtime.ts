import { init } from '@module-federation/runtime';
import { attachShareScopeMap } from '@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.js';
import { consumes } from '@module-federation/webpack-bundler-runtime/dist/consumes.js';
import { init as initContainer } from '@module-federation/webpack-bundler-runtime/dist/init.js';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { initializeSharing } from '@module-federation/webpack-bundler-runtime/dist/initializeSharing.js';
import { installInitialConsumes } from '@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js';
import {
  BUNDLER_RUNTIME_GLOBAL,
  type ContainerFederation,
  type LentBundlerRuntime,
} from './bundler-runtime-global';

/**
 * The production shell's Module Federation bundler runtime (what its main.js
 * builds `__webpack_require__.federation` from, in place of the index of
 * @module-federation/webpack-bundler-runtime): the package's own functions,
 * those the suite's containers use (bundler-runtime-global.ts). The shell also
 * lends them to the remotes, whose remoteEntry.js then carries none
 * (remote-bundler-runtime.ts): main.js runs this before any remote is fetched.
 * initContainerEntry is for them (the shell exposes nothing).
 */
const lent: LentBundlerRuntime = {
  attachShareScopeMap,
  bundlerRuntime: {
    consumes,
    installInitialConsumes,
    I: initializeSharing,
    initContainerEntry,
    init: initContainer,
  },
};
(globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] = lent;

const federation: ContainerFederation = {
  runtime: { init },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...lent.bundlerRuntime, S: {} },
  attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;
