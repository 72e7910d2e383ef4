import type { Compiler, RspackPluginInstance } from '@rspack/core';

/** The file the service worker reads to know the shell's own code (public/sw.js). */
export const offlineAssetsFile = 'offline-assets.json';

/**
 * Lists the shell's emitted scripts and styles (every chunk, also those loaded
 * later, such as the toast UI or the sign-in page) in `offline-assets.json`, so
 * the service worker keeps the whole shell on the phone after the first visit,
 * not only what that visit happened to load. The remotes' code is listed by
 * their own mf-manifest.json.
 */
export class OfflineAssetsPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('OfflineAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'OfflineAssetsPlugin',
          stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT,
        },
        () => {
          const files = compilation
            .getAssets()
            .map((asset) => asset.name)
            .filter((name) => /\.(js|css)$/.test(name) && !name.includes('/'))
            .sort();
          compilation.emitAsset(
            offlineAssetsFile,
            new compiler.rspack.sources.RawSource(`${JSON.stringify({ files }, null, 2)}\n`),
          );
        },
      );
    });
  }
}
