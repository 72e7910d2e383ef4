// Modules of @module-federation/webpack-bundler-runtime that its package
// publishes without declarations (host-bundler-runtime.ts imports them).
declare module '@module-federation/webpack-bundler-runtime/dist/consumes.js' {
  import type { Federation } from '@module-federation/webpack-bundler-runtime';
  export const consumes: NonNullable<Federation['bundlerRuntime']>['consumes'];
}
declare module '@module-federation/webpack-bundler-runtime/dist/init.js' {
  import type { Federation } from '@module-federation/webpack-bundler-runtime';
  export const init: NonNullable<Federation['bundlerRuntime']>['init'];
}
declare module '@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js' {
  import type { Federation } from '@module-federation/webpack-bundler-runtime';
  export const installInitialConsumes: NonNullable<
    Federation['bundlerRuntime']
  >['installInitialConsumes'];
}
