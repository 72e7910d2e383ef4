/**
 * The product's route table (docs/product.md) and which part of the suite owns each path
 * (ARCHITECTURE.md, Route ownership). The shell reads it to decide which remote
 * to load for a URL without downloading the others; each remote reads it to
 * mount exactly the paths it owns.
 */
export type AreaName = 'shell' | 'guest' | 'lounge' | 'games' | 'admin';
export type RemoteName = Exclude<AreaName, 'shell'>;

export const remoteNames = [
  'guest',
  'lounge',
  'games',
  'admin',
] as const satisfies readonly RemoteName[];

export interface RouteEntry {
  path: string;
  owner: AreaName;
  screen: string;
}

export const routeTable: readonly RouteEntry[] = [
  { path: '/', owner: 'guest', screen: 'Home' },
  { path: '/auth', owner: 'shell', screen: 'Sign in, sign up, password reset' },
  { path: '/admin', owner: 'admin', screen: 'Admin dashboard' },
  { path: '/admin-enhanced', owner: 'admin', screen: 'Admin dashboard' },
  { path: '/door', owner: 'admin', screen: "The door: tonight's arrivals (staff and admins)" },
  {
    path: '/host-stand',
    owner: 'admin',
    screen: "Host stand: tonight's VIP tables and guest list (staff and admins)",
  },
  { path: '/events', owner: 'guest', screen: 'Events and booking' },
  { path: '/order', owner: 'guest', screen: 'Order' },
  { path: '/scanner', owner: 'guest', screen: 'Order' },
  { path: '/contact', owner: 'guest', screen: 'Contact' },
  { path: '/chat', owner: 'guest', screen: 'Chat assistant' },
  { path: '/profile', owner: 'guest', screen: 'Profile' },
  { path: '/privacy', owner: 'guest', screen: 'Privacy policy' },
  { path: '/privacy-policy', owner: 'guest', screen: 'Privacy policy' },
  {
    path: '/bookings/cancel',
    owner: 'guest',
    screen: 'Cancel a booking (the link in booking e-mails)',
  },
  { path: '/reserve', owner: 'guest', screen: 'Reserve a dinner table, change or cancel it' },
  { path: '/tables', owner: 'guest', screen: 'VIP tables with bottle service and guest lists' },
  { path: '/games', owner: 'games', screen: 'Games hub' },
  { path: '/games/trivia-blast', owner: 'games', screen: 'Trivia Blast' },
  { path: '/games/word-chain', owner: 'games', screen: 'Word Chain' },
  { path: '/games/memory-match', owner: 'games', screen: 'Memory Match' },
  { path: '/games/guess-the-throwback', owner: 'games', screen: 'Guess the Throwback' },
  { path: '/games/beat-the-clock', owner: 'games', screen: 'Beat the Clock' },
  { path: '/games/rap-it-or-scrap-it', owner: 'games', screen: 'Rap It or Scrap It' },
  { path: '/djs', owner: 'lounge', screen: 'DJ list and rating' },
  { path: '/song-requests', owner: 'lounge', screen: 'Song request lounge' },
];

function normalise(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

/** The entry for a URL path, or undefined for an unknown path (the 404 page). */
export function findRoute(pathname: string): RouteEntry | undefined {
  const path = normalise(pathname);
  return routeTable.find((r) => r.path === path);
}

export function routesOwnedBy(owner: AreaName): RouteEntry[] {
  return routeTable.filter((r) => r.owner === owner);
}
