/** The longest first or last name the database stores (profiles_*_name_length). */
export const NAME_MAX_LENGTH = 200;
