export interface NavItem {
  label: string;
  to: string;
}

/**
 * The navigation bar as docs/product.md lists it: always Home, Order, Events, Contact,
 * Privacy Policy; members also get Games & Fun and Song Requests (before Contact
 * and Privacy Policy) and Profile; admins also get Admin. Staff (door hosts who are not
 * admins) also get Door; admins reach the door from their dashboard, so their items stay
 * as listed.
 */
export function navItems({
  signedIn,
  isAdmin,
  isStaff = false,
}: {
  signedIn: boolean;
  isAdmin: boolean;
  isStaff?: boolean;
}): NavItem[] {
  const items: NavItem[] = [
    { label: 'Home', to: '/' },
    { label: 'Order', to: '/order' },
    { label: 'Events', to: '/events' },
  ];
  if (signedIn) {
    items.push(
      { label: 'Games & Fun', to: '/games' },
      { label: 'Song Requests', to: '/song-requests' },
    );
  }
  items.push({ label: 'Contact', to: '/contact' }, { label: 'Privacy Policy', to: '/privacy' });
  if (signedIn) items.push({ label: 'Profile', to: '/profile' });
  if (signedIn && isAdmin) items.push({ label: 'Admin', to: '/admin' });
  else if (signedIn && isStaff) items.push({ label: 'Door', to: '/door' });
  return items;
}
