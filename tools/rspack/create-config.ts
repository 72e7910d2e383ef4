import { join } from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { CompileHintsPlugin } from './compile-hints-plugin';
import { runtimeDir } from './dev-ports';
import { fastRefreshPlugins, fastRefreshShared } from './fast-refresh';
import { hostProvides, sharedSingletons } from './shared';

const root = join(import.meta.dirname, '..', '..');

/**
 * The Module Federation runtime packages in their ES module builds: the plugin's
 * bundler runtime requires their CommonJS builds, which cannot be tree-shaken
 * (and carry Node-only parts); these take ~4.5 KiB gzip off the shell's entry.
 */
const mf = (pkg: string) =>
  join(root, 'node_modules', '@module-federation', pkg, 'dist', 'index.js');
const cjs = (pkg: string) =>
  join(root, 'node_modules', '@module-federation', pkg, 'dist', 'index.cjs');
const bundlerRuntimeRequests = [
  '@module-federation/webpack-bundler-runtime$',
  cjs('webpack-bundler-runtime'),
];
const aliases: Record<string, string> = {
  '@module-federation/runtime-core$': mf('runtime-core'),
  '@module-federation/sdk$': mf('sdk'),
  '@module-federation/error-codes$': join(
    root,
    'node_modules',
    '@module-federation',
    'error-codes',
    'dist',
    'index.mjs',
  ),
  '@module-federation/webpack-bundler-runtime$': mf('webpack-bundler-runtime'),
  '@module-federation/runtime-tools$': mf('runtime-tools'),
  // Rspack's federation entry and the plugin import these by resolved path,
  // which is their CommonJS build: the same ES module builds instead.
  [cjs('webpack-bundler-runtime')]: mf('webpack-bundler-runtime'),
  [cjs('runtime')]: mf('runtime'),
  // The plugin that hands the shell's runtime core to the remotes (provideExternalRuntime).
  [cjs('inject-external-runtime-core-plugin')]: mf('inject-external-runtime-core-plugin'),
  // react-router-dom is the slim facade (what the suite uses, shared as the router
  // singleton); react-router is its production build, which its package exports
  // only under conditions a browser bundle does not set.
  'react-router-dom$': join(import.meta.dirname, 'router-facade.ts'),
  'react-router$': join(root, 'node_modules', 'react-router', 'dist', 'production', 'index.mjs'),
  // The same for the query and theme singletons: what the suite uses of them, tree-shaken.
  '@tanstack/react-query$': join(import.meta.dirname, 'react-query-facade.ts'),
  'styled-components$': join(import.meta.dirname, 'styled-facade.ts'),
};

/**
 * styled-components' SWC plugin: every styled component gets a component id from
 * its file and position (namespaced by the app that builds it) instead of a
 * counter of the order components were defined in, so the class names of an
 * area's server build are the ones its browser build generates, and a server-
 * rendered page hydrates with its styles unchanged. No display names: they
 * would only lengthen the class names.
 */
function styledComponentsPlugin(namespace: string): [string, Record<string, unknown>] {
  return [
    '@swc/plugin-styled-components',
    { ssr: true, displayName: false, fileName: false, namespace, minify: true, pure: true },
  ];
}

/**
 * The rule that compiles the apps' TypeScript and JSX with SWC, the same for an area's browser
 * and server builds (the styled-components plugin's ids must match between the two).
 */
export function sourceRule(
  namespace: string,
  { development = false, refresh = false }: { development?: boolean; refresh?: boolean } = {},
) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development, refresh } },
        target: 'es2022',
        experimental: { plugins: [styledComponentsPlugin(namespace)] },
      },
    },
    type: 'javascript/auto',
  };
}

export interface FederationSettings {
  name: string;
  exposes?: Record<string, string>;
}

export interface AppConfigOptions {
  /** The app's folder (pass import.meta.dirname). */
  projectRoot: string;
  federation: FederationSettings;
  /** Dev-server port (`devPort(app)`: config/defaults.json, moved by PORT_BASE). */
  port: number;
  /** The shell is the host and the only app with an HTML page. */
  host?: boolean;
  runtimePlugins?: string[];
}

export function createAppConfig(options: AppConfigOptions): Configuration {
  const production = process.env['NODE_ENV'] !== 'development';
  const { projectRoot, federation, port, host = false } = options;
  /**
   * React Fast Refresh in dev, for the shell and the remotes: an edited
   * component is swapped in place, its state kept (fast-refresh.ts: one
   * refresh runtime on the page, shared through Module Federation).
   */
  const fastRefresh = !production;
  /** The production shell provides the singletons without consuming them (shared.ts). */
  const hostProvidesOnly = host && production;
  /**
   * Production builds take the bundler runtime's functions they use only
   * (host-bundler-runtime.ts), and a remote's entry borrows the shell's
   * (remote-bundler-runtime.ts), as it does its runtime core (externalRuntime):
   * ~3.3 KiB gzip off every remoteEntry.js.
   */
  const lendBundlerRuntime = production;
  return {
    mode: production ? 'production' : 'development',
    context: projectRoot,
    entry: { main: './src/main.ts' },
    // production maps give file and line for error reports, never the source itself (an admin
    // area's code is nobody's to download)
    devtool: production ? 'nosources-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: join(projectRoot, 'dist'),
      // The shell lives at the site root; a remote's chunks load from wherever its
      // manifest was served, so a remote can move without a rebuild.
      publicPath: host ? '/' : 'auto',
      uniqueName: federation.name,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      // Only for builds: the dev server keeps its output in memory, and cleaning there
      // dropped shared chunks the page still asked for once a hot rebuild ran.
      clean: production,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      tsConfig: join(root, 'tsconfig.base.json'),
      alias: lendBundlerRuntime
        ? {
            ...aliases,
            ...Object.fromEntries(
              bundlerRuntimeRequests.map((request) => [
                request,
                join(
                  import.meta.dirname,
                  host ? 'host-bundler-runtime.ts' : 'remote-bundler-runtime.ts',
                ),
              ]),
            ),
          }
        : aliases,
    },
    module: {
      // An import the router facade does not export is a build error, not undefined.
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        sourceRule(federation.name, { development: !production, refresh: fastRefresh }),
        // The shared facades are what every importer reaches (not the package
        // modules behind them, as side-effect-free re-exports would be skipped):
        // each facade and the modules behind it then stay one concatenated module,
        // which minifies smaller, in the shell that provides it as in the single bundle.
        {
          test: /[\\/]tools[\\/]rspack[\\/](router|react-query|styled)-facade\.ts$/,
          sideEffects: true,
        },
        {
          test: /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i,
          type: 'asset',
          parser: { dataUrlCondition: { maxSize: 4 * 1024 } },
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: federation.name,
        ...(federation.exposes ? { filename: 'remoteEntry.js', exposes: federation.exposes } : {}),
        // Remotes are registered at run time from config.json (see apps/shell).
        remotes: {},
        manifest: true,
        dts: false,
        // In production the shell only provides the shared singletons (the
        // ProvideSharedPlugin below), eagerly, and remotes only consume them
        // (tools/rspack/shared.ts). Dev builds share them both ways.
        ...(hostProvidesOnly
          ? {}
          : {
              shared: fastRefresh
                ? { ...sharedSingletons({ host, production }), ...fastRefreshShared(host) }
                : sharedSingletons({ host, production }),
            }),
        // Shared modules come from what is already loaded (the shell's): with the
        // default 'version-first', a share scope initialised after the remotes are
        // registered would download every remote's entry to compare versions.
        shareStrategy: 'loaded-first',
        // Remotes: their webpack runtime takes the page's CSP nonce (csp-nonce-plugin.ts).
        runtimePlugins: [
          ...(options.runtimePlugins ?? []),
          ...(host ? [] : [join(import.meta.dirname, 'csp-nonce-plugin.ts')]),
          // The production shell's provided singletons enter the share scope loaded.
          ...(hostProvidesOnly ? [join(import.meta.dirname, 'eager-shared-plugin.ts')] : []),
        ],
        // One Module Federation runtime on the page: the shell's. Remotes leave it
        // out of their remoteEntry.js and use the one the host provides.
        experiments: {
          ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
          optimization: {
            target: 'web',
            // The shell registers each remote by its remoteEntry.js (see
            // apps/shell/src/features/remotes/federation.ts), so the runtime's
            // manifest/snapshot handling is left out; remotes load no remotes,
            // so their bundler runtime leaves out remote loading.
            ...(host ? { disableSnapshot: true } : { disableRemote: true }),
          },
        },
      }),
      ...(hostProvidesOnly
        ? [
            new rspack.sharing.ProvideSharedPlugin({
              provides: hostProvides(),
              // The enhanced runtime's share data: singleton and requiredVersion too.
              enhanced: true,
            }),
          ]
        : []),
      ...(fastRefresh ? fastRefreshPlugins(host, options.runtimePlugins ?? []) : []),
      // Dialogs and forms compiled as their chunk loads, not in the tap that opens them.
      ...(production ? [new CompileHintsPlugin()] : []),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        // The shell's main.ts: an async boundary before the app only in dev, where
        // the shared singletons are not in the entry (tools/rspack/shared.ts).
        __SHELL_ASYNC_BOUNDARY__: JSON.stringify(!production),
      }),
      ...(host
        ? [
            new rspack.HtmlRspackPlugin({
              template: join(projectRoot, 'src', 'index.html'),
              minify: production,
            }),
            new rspack.CopyRspackPlugin({
              patterns: [{ from: join(projectRoot, 'public'), noErrorOnMissing: true }],
            }),
          ]
        : []),
    ],
    optimization: {
      minimize: production,
    },
    performance: { hints: false },
    // A remote's lazily compiled imports would be requested from the page's origin (the
    // shell's dev server, which does not know them): remotes compile everything up front.
    ...(host ? {} : { lazyCompilation: false }),
    devServer: {
      port,
      host: '127.0.0.1',
      // The shell's page (localhost or 127.0.0.1) loads every remote's scripts, whose
      // live-reload socket then connects from the shell's origin to the remote's server.
      allowedHosts: ['localhost', '127.0.0.1'],
      historyApiFallback: host,
      // Hot updates (Fast Refresh), each app's from its own server; an edit that cannot
      // be applied in place (a module that is not a component's) reloads the page.
      hot: fastRefresh,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: host
        ? [
            { directory: join(projectRoot, 'public'), publicPath: '/' },
            // config.json is written here by `npm run dev` (tools/dev.mjs).
            { directory: runtimeDir(), publicPath: '/' },
          ]
        : false,
      client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
    },
    stats: 'errors-warnings',
  };
}
