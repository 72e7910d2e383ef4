import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime plugin of the production shell, which only provides the shared
 * singletons (tools/rspack/shared.ts): they are in its entry (eager), so each
 * is registered in the share scope already loaded, its `lib` being the factory
 * that returns the shell's own module (`get()` of an eager module returns that
 * factory at once; nothing is evaluated here). A remote that consumes one then
 * takes it as it is, and the share scope keeps saying it comes from the shell.
 * Without this, the first remote to consume a singleton would load it itself
 * and be recorded as where it came from.
 */
export default function eagerSharedPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bistro-eager-shared',
    beforeInit(args) {
      for (const versions of Object.values(args.userOptions.shared ?? {})) {
        for (const shared of Array.isArray(versions) ? versions : [versions]) {
          if (!shared.shareConfig?.eager || !('get' in shared) || 'lib' in shared) continue;
          const factory = shared.get();
          if (typeof factory === 'function') Object.assign(shared, { lib: factory, loaded: true });
        }
      }
      return args;
    },
  };
}
