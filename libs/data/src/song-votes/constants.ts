/**
 * Song votes a member has per night. The database holds the same number in
 * private.votes_per_night() and refuses a vote over it.
 */
export const VOTES_PER_NIGHT = 3;

/**
 * The token the database puts in the hint of its refusal of a vote over the
 * nightly limit (P0001): errors are matched on it, never on their wording.
 */
export const VOTE_LIMIT_HINT = 'vote_limit_reached';
