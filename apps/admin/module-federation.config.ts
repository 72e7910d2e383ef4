import type { FederationSettings } from '../../tools/rspack/create-config';

export const federation: FederationSettings = {
  name: 'admin',
  exposes: {
    './App': './src/app/app.tsx',
  },
};
