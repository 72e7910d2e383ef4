import type { Federation } from '@module-federation/webpack-bundler-runtime';

/** The global under which the shell lends its bundler runtime to the remotes' entries. */
export const BUNDLER_RUNTIME_GLOBAL = '__BISTRO_MF_BUNDLER_RUNTIME__';

/** What the shell lends: its container-independent bundler runtime functions. */
export type LentBundlerRuntime = Pick<Federation, 'attachShareScopeMap'> & {
  bundlerRuntime: NonNullable<Federation['bundlerRuntime']>;
};
