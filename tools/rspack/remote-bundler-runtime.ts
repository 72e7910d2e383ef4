import { init } from '@module-federation/runtime';
import {
  BUNDLER_RUNTIME_GLOBAL,
  type ContainerFederation,
  type LentBundlerRuntime,
} from './bundler-runtime-global';

/**
 * A production remote's Module Federation bundler runtime (what its
 * remoteEntry.js builds its `__webpack_require__.federation` from, in place of
 * @module-federation/webpack-bundler-runtime): the functions are the shell's,
 * lent by host-bundler-runtime.ts, as its Module Federation runtime
 * core is (`experiments.externalRuntime`); what belongs to this container (the
 * runtime package's `init`, its share scope object, its options) is its own,
 * as in the package's index. A remote is only ever loaded into the
 * shell's page; elsewhere its entry fails to start, with this message.
 */
const lent = (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL] as
  LentBundlerRuntime | undefined;
if (!lent) {
  throw new Error(
    "This remote's remoteEntry.js runs only in the shell's page (it uses the shell's Module Federation bundler runtime).",
  );
}

const federation: ContainerFederation = {
  runtime: { init },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...lent.bundlerRuntime, S: {} },
  attachShareScopeMap: lent.attachShareScopeMap,
  bundlerRuntimeOptions: {},
};

export default federation;
