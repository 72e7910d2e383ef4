import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { BUNDLER_RUNTIME_GLOBAL, type LentBundlerRuntime } from './bundler-runtime-global';

// Runtime plugin of the production shell: it lends its Module Federation
// bundler runtime (consumes, initializeSharing, initContainerEntry, init...:
// functions of the container passed to them, holding no state of their own) to
// the remotes, whose remoteEntry.js then carries none
// (remote-bundler-runtime.ts). The shell exposes nothing itself, so its build
// leaves initContainerEntry out of its own copy: it is added here. Runs when
// main.js starts, before any remote is fetched.
const lent: LentBundlerRuntime = {
  attachShareScopeMap,
  bundlerRuntime: { ...bundlerRuntime, initContainerEntry },
};
(globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] = lent;

export default function provideBundlerRuntimePlugin(): ModuleFederationRuntimePlugin {
  return { name: 'bistro-provide-bundler-runtime' };
}
