import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { rspack, type RspackPluginInstance } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import type { SharedConfig } from './shared';

/**
 * React Fast Refresh across Module Federation, for the dev servers: an edited
 * component of the shell or of a remote is swapped in place, its state kept.
 *
 * React DOM (one shared singleton) gives its refresh hooks to one
 * react-refresh runtime only: the one injected into its global hook before it
 * loads, which is the shell's (its entry runs first). A remote with a runtime
 * of its own had its hot updates applied and never rendered. So there is one
 * runtime on the page, shared: the shell bundles `react-refresh/runtime`
 * eagerly (its entry injects it before Module Federation has shared anything)
 * and provides it as a singleton; the remotes consume it and bundle no copy
 * to fall back on. Each container keeps its own refresh client (it reads the
 * container's module cache), which reaches the runtime through
 * refresh-runtime.ts: that puts the container's name before every family id,
 * the module ids of different containers being the same relative paths.
 *
 * Each container's hot updates come from its own dev server: a remote's
 * scripts carry its dev-server client, whose socket goes to the remote's port
 * (the servers listen on an explicit host and port, and allow the shell's
 * origin), and load their update chunks from where the remote's scripts came
 * from (publicPath 'auto').
 */

const root = join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const refreshRequest = 'react-refresh/runtime';
/** The plugin's client modules, which import the runtime. */
const clientDir = join(
  dirname(require.resolve('@rspack/plugin-react-refresh/package.json')),
  'client',
);
const runtimeShim = join(import.meta.dirname, 'refresh-runtime.ts');

function runtimeVersion(): string {
  const manifest = JSON.parse(
    readFileSync(require.resolve('react-refresh/package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

/** The plugins that wire Fast Refresh into one container's dev build. */
export function fastRefreshPlugins(
  host: boolean,
  runtimePlugins: readonly string[],
): RspackPluginInstance[] {
  return [
    new ReactRefreshRspackPlugin({
      // Injecting the runtime into React's global hook (and the no-op
      // $RefreshReg$/$RefreshSig$ globals) is the shell's, once for the page.
      injectEntry: host,
      // The apps' and libs' source only: not this folder (the shim) nor generated
      // modules (the Module Federation runtime's), and not the runtime plugins,
      // which run while the container starts, before any shared module is there.
      include: [join(root, 'apps'), join(root, 'libs')],
      exclude: [/[\\/]node_modules[\\/]/, ...runtimePlugins],
    }),
    // The refresh client's `react-refresh/runtime` is the shim, which imports
    // the shared runtime itself.
    new rspack.NormalModuleReplacementPlugin(/^react-refresh\/runtime$/, (data) => {
      if (data.contextInfo.issuer.startsWith(clientDir)) data.request = runtimeShim;
    }),
  ];
}

/** `react-refresh/runtime` as a singleton: provided by the shell, eagerly; consumed by remotes. */
export function fastRefreshShared(host: boolean): SharedConfig {
  const version = runtimeVersion();
  return {
    [refreshRequest]: {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      strictVersion: true,
      ...(host ? { eager: true } : { import: false }),
    },
  };
}
