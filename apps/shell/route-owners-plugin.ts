import type { Compiler, RspackPluginInstance } from '@rspack/core';
import { routeTable } from '@bistro/ui/routes';

/** The file the web server reads to know which remote owns a page URL (apps/web-server). */
export const routeOwnersFile = 'route-owners.json';

/**
 * Writes libs/ui's route table into the shell's build as `route-owners.json`
 * (path -> owning area), so the web server, which runs plain JavaScript, hints
 * the owning remote's code in each page it serves from the same table the
 * shell routes with.
 */
export class RouteOwnersPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    const owners = Object.fromEntries(routeTable.map((route) => [route.path, route.owner]));
    const json = `${JSON.stringify(owners, null, 2)}\n`;
    compiler.hooks.thisCompilation.tap('RouteOwnersPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'RouteOwnersPlugin',
          stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => compilation.emitAsset(routeOwnersFile, new compiler.rspack.sources.RawSource(json)),
      );
    });
  }
}
