export const adminTabs = [
  { id: 'overview', label: 'Overview' },
  { id: 'events', label: 'Events' },
  { id: 'bookings', label: 'Bookings' },
  { id: 'checkin', label: 'Check-in' },
  { id: 'photos', label: 'Photo Wall' },
  { id: 'users', label: 'Users' },
  { id: 'roles', label: 'Admin Rights' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'venue', label: 'Venue' },
  { id: 'menu', label: 'Menu' },
  { id: 'promotions', label: 'Promotions' },
  { id: 'activity', label: 'Activity' },
  { id: 'tonight', label: 'Tonight' },
  { id: 'tables', label: 'Tables' },
  { id: 'vip', label: 'VIP Tables' },
  { id: 'guestlists', label: 'Guest Lists' },
  { id: 'releases', label: 'Releases' },
] as const;

export type AdminTabId = (typeof adminTabs)[number]['id'];

export const isAdminTab = (value: string): value is AdminTabId =>
  adminTabs.some((tab) => tab.id === value);
