import type { FederationSettings } from '../../tools/rspack/create-config';

/** The host. Remotes are not listed here: they come from config.json at run time. */
export const federation: FederationSettings = {
  name: 'shell',
};
