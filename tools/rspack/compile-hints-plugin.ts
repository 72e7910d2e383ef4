import { rspack, type Compiler, type Module } from '@rspack/core';

/**
 * The code a tap runs for the first time: a dialog and its form. V8 compiles a
 * function when it is first called, so the first dialog a guest opens paid for
 * compiling Radix's dialog layers, react-hook-form and the dialog's own module
 * inside the tap (a third of the booking dialog's INP on a 4x slower CPU).
 */
export const compileOnLoadModules =
  /[\\/]node_modules[\\/](?:react-hook-form|@radix-ui[\\/]react-(?:dialog|focus-scope|focus-guards|dismissable-layer|portal|presence)|react-remove-scroll(?:-bar)?|aria-hidden)[\\/]|[\\/]src[\\/]features[\\/].+-dialog\.tsx$/;

/** V8's explicit compile hint: every function of the file is compiled as the file loads. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const NAME = 'BistroCompileHintsPlugin';

/** The paths a chunk's module stands for (a concatenated module: each of its parts). */
function pathsOf(module: Module): string[] {
  const inner = (module as Module & { modules?: Module[] }).modules;
  if (inner?.length) return inner.flatMap(pathsOf);
  const path = module.nameForCondition?.();
  return path ? [path] : [];
}

/**
 * Puts V8's compile hint at the top of every async chunk that holds one of the
 * `compileOnLoadModules`: those chunks are fetched while the page is idle (the
 * dialog is lazy), and Chromium then compiles all their functions on a
 * background thread as the script streams in, not on the main thread during the
 * tap. Only these chunks: hinting everything would compile code never run.
 * Added after minification (the minifier drops comments) and before the files'
 * final hashes, as a source the source maps shift their lines by.
 */
export class CompileHintsPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks) {
            if (chunk.canBeInitial()) continue;
            const hinted = compilation.chunkGraph
              .getChunkModules(chunk)
              .some((module) => pathsOf(module).some((path) => compileOnLoadModules.test(path)));
            if (!hinted) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(
                file,
                (source) => new rspack.sources.ConcatSource(`${COMPILE_HINT}\n`, source),
              );
            }
          }
        },
      );
    });
  }
}
