import { createServerConfig } from '../../tools/rspack/create-server-config';
import { federation } from './module-federation.config';

export default createServerConfig({ projectRoot: import.meta.dirname, federation });
