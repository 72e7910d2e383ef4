/** Query keys of the push domain. */
export const pushKeys = {
  all: ['push'] as const,
  /** The venue's VAPID public key (null: push is off on this server). */
  publicKey: () => [...pushKeys.all, 'public-key'] as const,
  /** Whether this browser is subscribed for the member. */
  state: (userId: string) => [...pushKeys.all, 'state', userId] as const,
};
