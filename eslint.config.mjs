import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';

const scopes = ['shell', 'guest', 'lounge', 'games', 'admin'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/.nx',
      '**/.data',
      '**/test-results',
      '**/playwright-report',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          // Plain-Node entry points loaded by relative path (node runs them without a
          // build or a workspace link): the scripts, the web server, the backend's server.
          allow: [
            '^.*/tools/rspack/.*$',
            '^.*/tools/[a-z-]+\\.mjs$',
            '^.*/tools/bench/[a-z-]+\\.mjs$',
            // The scripts' helpers, from the bench project inside tools/.
            '^(\\.\\./)+(backend-process|ensure-chromium|ensure-debian-package)\\.mjs$',
            '^.*/apps/web-server/src/index\\.mjs$',
            '^.*/apps/backend/src/(server|keys|testing|db/template)(\\.ts|\\.js)?$',
            '^.*/vitest\\.shared(\\.ts)?$',
          ],
          depConstraints: [
            // Remotes never import each other; every app may use the shared libs.
            ...scopes.map((scope) => ({
              sourceTag: `scope:${scope}`,
              onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'],
            })),
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            // End-to-end tests drive the whole suite and may read any shared lib.
            {
              sourceTag: 'scope:e2e',
              onlyDependOnLibsWithTags: ['scope:shared', 'scope:web-server'],
            },
            // The web server is plain Node and imports no other project; no app imports it.
            { sourceTag: 'scope:web-server', onlyDependOnLibsWithTags: ['scope:web-server'] },
            // Benches and soak runs drive the backend and the served suite.
            {
              sourceTag: 'scope:bench',
              onlyDependOnLibsWithTags: [
                'scope:bench',
                'scope:backend',
                'scope:web-server',
                'scope:shared',
              ],
            },
            {
              sourceTag: 'scope:backend',
              onlyDependOnLibsWithTags: ['scope:backend', 'scope:shared'],
            },
            // Libs never import apps; ui imports neither data nor auth.
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui'] },
            { sourceTag: 'type:data', onlyDependOnLibsWithTags: ['type:data'] },
            {
              sourceTag: 'type:util',
              onlyDependOnLibsWithTags: ['type:data', 'type:ui', 'type:util'],
            },
            // No app imports the supabase project (migrations, functions, their tests): its
            // tests import the backend, and a dependency back would make a cycle. The backend
            // reads supabase/ as data at run time (migrations, seed, edge functions).
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:ui', 'type:data', 'type:util', 'type:app'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.tsx', '**/*.jsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
];
