import { createAppConfig } from '../../tools/rspack/create-config';
import { devPort } from '../../tools/rspack/dev-ports';
import { federation } from './module-federation.config';
import { OfflineAssetsPlugin } from './offline-assets-plugin';
import { RouteOwnersPlugin } from './route-owners-plugin';

const config = createAppConfig({
  projectRoot: import.meta.dirname,
  federation,
  port: devPort('shell'),
  host: true,
  runtimePlugins: [`${import.meta.dirname}/src/features/remotes/load-error-plugin.ts`],
});

export default {
  ...config,
  plugins: [...(config.plugins ?? []), new RouteOwnersPlugin(), new OfflineAssetsPlugin()],
};
