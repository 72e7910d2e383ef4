/** Spec section 9: votes per member per night (the database enforces it too). */
export const VOTES_PER_NIGHT = 3;
