export const accountKeys = {
  all: ['account'] as const,
  export: (userId: string) => [...accountKeys.all, 'export', userId] as const,
};
