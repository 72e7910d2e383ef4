/**
 * What the suite uses of @tanstack/react-query at run time. Builds resolve
 * `@tanstack/react-query` to this file (tools/rspack/create-config.ts) and
 * share it as the QueryClient singleton, so the shared chunk holds these
 * exports only (react-query and query-core, tree-shaken) instead of the whole
 * library: a shared module is built whole, its consumers being unknown at
 * build time. An import of anything not listed here fails the build
 * (`exportsPresence: 'error'`): add it here. Types come from the real package.
 * The relative path reaches the package's ES module build past the alias.
 */
export {
  QueryClient,
  QueryClientProvider,
  hydrate,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../node_modules/@tanstack/react-query/build/modern/index.js';
