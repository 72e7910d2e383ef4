export const menuKeys = {
  all: ['menu'] as const,
  /** The sections with their items (guests: what is visible; admins: everything). */
  list: () => [...menuKeys.all, 'list'] as const,
};
