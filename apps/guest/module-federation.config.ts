import type { FederationSettings } from '../../tools/rspack/create-config';

export const federation: FederationSettings = {
  name: 'guest',
  exposes: {
    './App': './src/app/app.tsx',
  },
};
