/** Query keys of the door (tonight's list, headcount) and of a guest's door history. */
export const doorKeys = {
  all: ['door'] as const,
  list: () => [...doorKeys.all, 'list'] as const,
  headcount: () => [...doorKeys.all, 'headcount'] as const,
  history: (userId: string) => [...doorKeys.all, 'history', userId] as const,
} as const;
