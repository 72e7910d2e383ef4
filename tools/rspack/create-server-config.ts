import { join } from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sourceRule, type FederationSettings } from './create-config';
import { sharedSingletons } from './shared';

const root = join(import.meta.dirname, '..', '..');

export interface ServerConfigOptions {
  /** The app's folder (pass import.meta.dirname). */
  projectRoot: string;
  federation: FederationSettings;
  /** The shell: its server build is the renderer the web server calls (src/server/render.tsx). */
  host?: boolean;
}

/**
 * An area's server build (`dist/server/`, published with its browser build):
 * the same components compiled for Node, with the same styled-components ids,
 * so the web server can render an area's pages to HTML the browser hydrates.
 *
 * The shell's is a CommonJS module the web server loads from the shell's dist
 * (`server/main.js`); it provides the shared singletons and loads each remote's
 * server build through the Module Federation runtime, by URL, from where that
 * remote is deployed (`server/remoteEntry.js` beside its `mf-manifest.json`),
 * so an area deployed alone renders on the next request. A remote's server
 * build is one file (no chunks to fetch over the network) that consumes the
 * singletons the shell's provides.
 */
export function createServerConfig(options: ServerConfigOptions): Configuration {
  const { projectRoot, federation, host = false } = options;
  const shared = sharedSingletons({ host, production: true });
  return {
    mode: 'production',
    target: 'async-node',
    context: projectRoot,
    entry: { main: host ? './src/server/render.tsx' : './src/main.ts' },
    devtool: false,
    output: {
      path: join(projectRoot, 'dist', 'server'),
      publicPath: 'auto',
      uniqueName: `${federation.name}-server`,
      // the shell's is loaded with require() from a "type": "module" package
      filename: host ? '[name].cjs' : '[name].js',
      chunkFilename: host ? '[name].cjs' : '[name].js',
      library: host ? { type: 'commonjs2' } : undefined,
      // The browser build owns dist/ and runs first; this one replaces dist/server only.
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
      tsConfig: join(root, 'tsconfig.base.json'),
      conditionNames: ['node', 'import', 'require', 'default'],
      // react-router's package exports its development build under every condition.
      alias: {
        'react-router$': join(
          root,
          'node_modules',
          'react-router',
          'dist',
          'production',
          'index.mjs',
        ),
        'react-router/dom$': join(
          root,
          'node_modules',
          'react-router',
          'dist',
          'production',
          'dom-export.mjs',
        ),
      },
    },
    module: {
      rules: [sourceRule(federation.name)],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: federation.name,
        ...(federation.exposes
          ? {
              filename: 'remoteEntry.js',
              exposes: federation.exposes,
              library: { type: 'commonjs-module', name: federation.name },
            }
          : {}),
        remoteType: 'script',
        remotes: {},
        manifest: false,
        dts: false,
        shared,
        shareStrategy: 'loaded-first',
      }),
      // One file: a remote's server build is fetched over HTTP, and nothing else of it is.
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify('production'),
        __SHELL_ASYNC_BOUNDARY__: JSON.stringify(false),
      }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
