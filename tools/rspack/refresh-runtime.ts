/**
 * What `react-refresh/runtime` is, in dev, for the React Refresh client of
 * every federated container (@rspack/plugin-react-refresh's reactRefreshEntry,
 * reactRefresh and refreshUtils modules; see fast-refresh.ts).
 *
 * One runtime on the page: the import below is a Module Federation singleton
 * that the shell provides. React DOM hands its refresh hooks (scheduleRefresh,
 * setRefreshHandler) only to a runtime injected into its global hook before
 * it loads, which is the shell's; a remote with a runtime of its own had its
 * hot updates applied and never rendered.
 *
 * The container's name before every family id: the ids are
 * "<module id>_<component>" and "<module id> %exports% <export>", with module
 * ids relative to each app ("./src/app.tsx", and "../../libs/ui/src/lib/…"
 * for the libs every app bundles), so the same id names different components
 * in different containers. One runtime would otherwise take a remote's
 * component for a new version of the shell's and swap it in.
 */
import * as runtime from 'react-refresh/runtime';

/** The container's name (the plugin defines it from output.uniqueName). */
declare const __react_refresh_library__: string;

export const {
  createSignatureFunctionForTransform,
  getFamilyByType,
  injectIntoGlobalHook,
  isLikelyComponentType,
  performReactRefresh,
} = runtime;

export function register(type: unknown, id: string): void {
  runtime.register(type, `${__react_refresh_library__} ${id}`);
}
