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

  it('adds Door for staff who are not admins, and leaves every other role as it was', () => {
    const door = (signedIn: boolean, isAdmin: boolean, isStaff: boolean) =>
      navItems({ signedIn, isAdmin, isStaff }).map((i) => i.label);
    expect(door(true, false, true)).toEqual([...labels(true, false), 'Door']);
    expect(navItems({ signedIn: true, isAdmin: false, isStaff: true }).at(-1)?.to).toBe('/door');
    expect(door(true, true, true)).toEqual(labels(true, true));
    expect(door(false, false, true)).toEqual(labels(false, false));
    expect(door(true, false, false)).not.toContain('Door');
  });
});
