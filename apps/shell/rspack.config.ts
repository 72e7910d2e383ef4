import { createAppConfig } from '../../tools/rspack/create-config';
import { federation } from './module-federation.config';

export default createAppConfig({
  projectRoot: import.meta.dirname,
  federation,
  port: 4200,
  host: true,
  runtimePlugins: [`${import.meta.dirname}/src/features/remotes/load-error-plugin.ts`],
});
