/** What every auth endpoint works with: the backend's services and the auth API's limiter. */
import type { Config } from '../context.js';
import type { Db } from '../db/types.js';
import type { KeySet } from '../keys.js';
import type { Mailer } from '../mail/mailer.js';
import type { AuthLimiter } from './rate-limit.js';

export interface AuthApi {
  db: Db;
  config: Config;
  keys: KeySet;
  mailer: Mailer;
  limits: AuthLimiter;
}
