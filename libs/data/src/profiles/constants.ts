import { TEXT_LIMITS } from '../business-rules';

/** The longest first or last name the database stores (profiles_*_name_length). */
export const NAME_MAX_LENGTH = Math.min(
  TEXT_LIMITS.profiles.first_name,
  TEXT_LIMITS.profiles.last_name,
);
