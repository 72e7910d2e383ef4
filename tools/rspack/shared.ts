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
 * one React, one router, one QueryClient, one Supabase client, one zustand
 * store, one styled-components theme on the page.
 */
const singletonPackages = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'styled-components',
  'zustand',
  '@supabase/supabase-js',
  '@bistro/ui',
  '@bistro/data',
  '@bistro/auth',
] as const;

/** Entry points of the shared packages that are imported by sub-path. */
const subpaths: Record<string, string> = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
};

export type SharedConfig = Record<
  string,
  { singleton: true; requiredVersion: string; version: string; strictVersion: boolean }
>;

export function sharedSingletons(): SharedConfig {
  const shared: SharedConfig = {};
  for (const pkg of singletonPackages) {
    const version = versionOf(pkg);
    shared[pkg] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      strictVersion: false,
    };
  }
  for (const [request, pkg] of Object.entries(subpaths)) {
    const version = versionOf(pkg);
    shared[request] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      strictVersion: false,
    };
  }
  return shared;
}
