import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

function versionOf(pkg: string): string {
  const manifest = JSON.parse(
    readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

/**
 * Packages every part of the suite shares as Module Federation singletons:
 * one React, one router, one QueryClient context, one styled-components theme,
 * one zustand on the page.
 *
 * A shared module is built whole (its consumers are not known at build time),
 * so only what must be one instance is shared: react-router-dom resolves to a
 * slim facade (tools/rspack/router-facade.ts) and the workspace libs are
 * shared module by module (`statefulLibModules`), the rest of them being
 * bundled, tree-shaken, into each app that uses it.
 */
const singletonPackages = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'styled-components',
  'zustand',
] as const;

/** Entry points of the shared packages that are imported by sub-path. */
const subpaths: Record<string, string> = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
};

/**
 * The modules of the workspace libs that hold state and so must be one
 * instance on the page (matched by resolved path, whoever imports them: the
 * libs' own index files import them relatively).
 */
export const statefulLibModules: Record<string, string> = {
  '@bistro/ui/toast-store': 'libs/ui/src/lib/toast-store.ts',
  '@bistro/data/supabase-client': 'libs/data/src/lib/supabase-client.ts',
  '@bistro/data/query-client': 'libs/data/src/lib/query-client.ts',
  '@bistro/auth/auth-store': 'libs/auth/src/lib/auth-store.ts',
};

interface SharedItem {
  singleton: true;
  eager?: boolean;
  requiredVersion: string | false;
  version: string;
  strictVersion: boolean;
  shareKey?: string;
  /** false: consumed only, never bundled (the page's provider must have it). */
  import?: string | false;
}

export type SharedConfig = Record<string, SharedItem>;

/** One module the shell puts in the share scope (`rspack.sharing.ProvideSharedPlugin`, enhanced). */
interface ProvidedItem {
  shareKey: string;
  version: string;
  eager: true;
  singleton: true;
  requiredVersion: string | false;
  strictVersion: false;
}

export type ProvidedConfig = Record<string, ProvidedItem>;

/**
 * Production builds: the shell (`host`) provides every singleton, eagerly: they
 * are in its entry (needed on every page, so one file rather than a chunk each,
 * ready before the first render; it provides them without consuming them, see
 * `hostProvides`), and a remote only consumes them (`import:
 * false`): it is only ever loaded into the shell's page, so it neither builds
 * nor registers fallback copies. Dev builds keep the lazily provided modules
 * and the remotes' fallbacks, which React Fast Refresh in the shell relies on.
 */
export function sharedSingletons({
  host,
  production,
}: {
  host: boolean;
  production: boolean;
}): SharedConfig {
  const shared: SharedConfig = {};
  const eager = host && production;
  const consumeOnly = !host && production;
  const add = (request: string, pkg: string) => {
    const version = versionOf(pkg);
    shared[request] = {
      singleton: true,
      eager,
      requiredVersion: `^${version}`,
      version,
      strictVersion: false,
      ...(consumeOnly ? { import: false as const } : {}),
    };
  };
  for (const pkg of singletonPackages) add(pkg, pkg);
  for (const [request, pkg] of Object.entries(subpaths)) add(request, pkg);
  for (const [shareKey, file] of Object.entries(statefulLibModules)) {
    const path = join(root, file);
    shared[path] = {
      singleton: true,
      eager,
      shareKey,
      import: consumeOnly ? false : path,
      requiredVersion: false,
      version: '0.1.0',
      strictVersion: false,
    };
  }
  return shared;
}

/**
 * The production shell's side of the singletons: provided only. It is the
 * page's provider and the first container on it, so there is nothing for it to
 * negotiate: its own imports of react, the router facade, the stateful lib
 * modules... are plain bundled imports, and the same modules, by the same ids
 * in its module cache, are put in the share scope (eagerly, with their
 * versions) for the remotes to consume. Declaring them as `shared` would also
 * make every one of the shell's imports a consume, resolved through the
 * runtime's share negotiation (semver included) while its entry is evaluated.
 * A remote's consume still checks its requiredVersion against the version
 * provided here and warns on a mismatch.
 */
export function hostProvides(): ProvidedConfig {
  const provides: ProvidedConfig = {};
  for (const [request, item] of Object.entries(
    sharedSingletons({ host: true, production: true }),
  )) {
    provides[typeof item.import === 'string' ? item.import : request] = {
      shareKey: item.shareKey ?? request,
      version: item.version,
      eager: true,
      singleton: true,
      requiredVersion: item.requiredVersion,
      strictVersion: false,
    };
  }
  return provides;
}
