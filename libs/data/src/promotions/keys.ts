export const promotionKeys = {
  all: ['promotions'] as const,
  /** Guests: what runs today; admins: every promotion. */
  list: (scope: 'current' | 'all') => [...promotionKeys.all, scope] as const,
};
