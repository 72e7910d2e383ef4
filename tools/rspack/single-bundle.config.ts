import { join } from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { createAppConfig } from './create-config';

/**
 * The shell and every remote's pages as one ordinary bundle, without Module
 * Federation: the shell's remote loader is swapped for static lazy imports of
 * the remotes' apps. Same compiler settings as the real builds, so
 * tools/bench/single-bundle.mjs can print what federation costs.
 * Build: npx rspack build --config tools/rspack/single-bundle.config.ts
 */
const root = join(import.meta.dirname, '..', '..');
const shellRoot = join(root, 'apps', 'shell');

const base = createAppConfig({
  projectRoot: shellRoot,
  federation: { name: 'shell' },
  port: 0,
  host: true,
});

const config: Configuration = {
  ...base,
  output: { ...base.output, path: join(root, 'dist', 'single-bundle'), uniqueName: 'single' },
  plugins: [
    ...(base.plugins ?? []).filter(
      (plugin) =>
        !(plugin instanceof ModuleFederationPlugin) &&
        !(plugin instanceof rspack.sharing.ProvideSharedPlugin),
    ),
    new rspack.NormalModuleReplacementPlugin(
      /[\\/]features[\\/]remotes[\\/]federation(\.ts)?$/,
      join(import.meta.dirname, 'single-bundle-areas.ts'),
    ),
  ],
};

export default config;
