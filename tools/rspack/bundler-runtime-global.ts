import type { init } from '@module-federation/runtime';
import type { Federation } from '@module-federation/webpack-bundler-runtime';

/** The global under which the shell lends its bundler runtime to the remotes' entries. */
export const BUNDLER_RUNTIME_GLOBAL = '__BISTRO_MF_BUNDLER_RUNTIME__';

type BundlerRuntime = NonNullable<Federation['bundlerRuntime']>;

/**
 * The parts of @module-federation/webpack-bundler-runtime the suite's production
 * containers use. The others are called only by a container that loads remotes
 * declared at build time (`remotes`: the shell registers them at run time, the
 * remotes load none) or that shares with `treeShaking`
 * (`getSharedFallbackGetter`); the entry's federation runtime (Rspack's) calls
 * each only in those cases.
 */
export type ContainerBundlerRuntime = Pick<
  BundlerRuntime,
  'consumes' | 'installInitialConsumes' | 'I' | 'S' | 'initContainerEntry' | 'init'
>;

/** What the shell lends: functions of the container passed to them, with no state of their own. */
export interface LentBundlerRuntime {
  attachShareScopeMap: NonNullable<Federation['attachShareScopeMap']>;
  bundlerRuntime: Omit<ContainerBundlerRuntime, 'S'>;
}

/**
 * A container's `__webpack_require__.federation` as its entry starts (what the
 * package's index exports): of the runtime package, the bundler runtime calls
 * `init` only (it creates or finds the container's instance).
 */
export type ContainerFederation = Omit<Federation, 'runtime' | 'bundlerRuntime'> & {
  runtime: { init: typeof init };
  bundlerRuntime: ContainerBundlerRuntime;
};
