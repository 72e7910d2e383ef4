import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime plugin: a remote that cannot be fetched (server down, manifest 404,
 * broken entry) is reported once with its name. It returns no fallback, so the
 * error reaches that area's error boundary, which offers a Retry; the rest of
 * the shell is untouched.
 */
export default function loadErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bistro-load-error-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[federation] could not load "${id}" (${lifecycle})`, error);
      return undefined;
    },
  };
}
