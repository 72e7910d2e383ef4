export const offerKeys = {
  all: ['offers'] as const,
  /** Per member: RLS shows VIP and birthday offers only to those who qualify. */
  active: (userId: string) => [...offerKeys.all, 'active', userId] as const,
  redemptions: (userId: string) => [...offerKeys.all, 'redemptions', userId] as const,
};
