export interface NavItem {
  label: string;
  to: string;
}

/**
 * The navigation bar as docs/product.md lists it: always Home, Order, Events, Contact,
 * Privacy Policy; members also get Games & Fun and Song Requests (before Contact
 * and Privacy Policy) and Profile; admins also get Admin.
 */
export function navItems({
  signedIn,
  isAdmin,
}: {
  signedIn: boolean;
  isAdmin: boolean;
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
  return items;
}
