export const offerKeys = {
  all: ['offers'] as const,
  active: () => [...offerKeys.all, 'active'] as const,
  redemptions: (userId: string) => [...offerKeys.all, 'redemptions', userId] as const,
};
