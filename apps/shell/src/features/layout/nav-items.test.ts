// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items';

const labels = (signedIn: boolean, isAdmin: boolean) =>
  navItems({ signedIn, isAdmin }).map((i) => i.label);

describe('navItems', () => {
  it('shows visitors the public pages only', () => {
    expect(labels(false, false)).toEqual(['Home', 'Order', 'Events', 'Contact', 'Privacy Policy']);
  });

  it('puts Games & Fun and Song Requests before Contact for members, then Profile', () => {
    expect(labels(true, false)).toEqual([
      'Home',
      'Order',
      'Events',
      'Games & Fun',
      'Song Requests',
      'Contact',
      'Privacy Policy',
      'Profile',
    ]);
  });

  it('adds Admin for admins only', () => {
    expect(labels(true, true)).toContain('Admin');
    expect(labels(true, false)).not.toContain('Admin');
    expect(labels(false, true)).not.toContain('Admin');
  });
});
