/**
 * Where a visitor sent to /auth came from, carried in the router's history state
 * (so the address stays /auth), and what the sign-in page tells them.
 */
export interface AuthRedirectState {
  from: string;
}

/** The history state to send along with a redirect to /auth. */
export const authRedirectState = (from: string): AuthRedirectState => ({ from });

/**
 * The page to return to after sign-in, or null. Only a path on this site counts
 * ("/djs", "/games/word-chain?x=1"): never another origin ("//evil.example",
 * "https://..."), and never /auth itself.
 */
export function returnPath(state: unknown): string | null {
  const from =
    state && typeof state === 'object' && 'from' in state
      ? (state as { from: unknown }).from
      : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from.includes('\\') || /^\/auth(?:[/?#]|$)/.test(from)) return null;
  return from;
}

const reasons: readonly [RegExp, string][] = [
  [/^\/song-requests(?:[/?#]|$)/, 'Sign in to request songs and vote.'],
  [/^\/djs(?:[/?#]|$)/, 'Sign in to rate the DJs.'],
  [/^\/games(?:[/?#]|$)/, 'Sign in to play the games.'],
  [/^\/profile(?:[/?#]|$)/, 'Sign in to see your profile and bookings.'],
  [/^\/events\?(?:.*&)?book=/, 'Sign in to reserve your spot.'],
  [/^\/reserve\?(?:.*&)?manage=/, 'Sign in to change or cancel your reservation.'],
  [/^\/reserve(?:[/?#]|$)/, 'Sign in or sign up to reserve your table.'],
  [/^\/events(?:[/?#]|$)/, 'Sign in to book an event.'],
  [/^\/admin(?:-enhanced)?(?:[/?#]|$)/, 'Sign in to open the admin dashboard.'],
];

/** Why the visitor was sent to /auth, from the page they came from; null when unknown. */
export function signInReason(from: string | null): string | null {
  if (!from) return null;
  return reasons.find(([pattern]) => pattern.test(from))?.[1] ?? null;
}
