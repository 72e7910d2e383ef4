import { createAppConfig } from '../../tools/rspack/create-config';
import { devPort } from '../../tools/rspack/dev-ports';
import { federation } from './module-federation.config';

export default createAppConfig({
  projectRoot: import.meta.dirname,
  federation,
  port: devPort('games'),
});
