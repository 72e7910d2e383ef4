import { BUSINESS_RULES } from '../business-rules';

/**
 * Song votes a member has per night: the database's private.votes_per_night(),
 * which refuses a vote over it (generated into business-rules.ts).
 */
export const VOTES_PER_NIGHT = BUSINESS_RULES.votes_per_night;

/**
 * The token the database puts in the hint of its refusal of a vote over the
 * nightly limit (P0001): errors are matched on it, never on their wording.
 */
export const VOTE_LIMIT_HINT = 'vote_limit_reached';

/** The hint of the database's refusal of a vote on a request that is no longer pending (P0001). */
export const VOTE_CLOSED_HINT = 'song_request_closed';
