/** Query keys of the dj_ratings domain. */
export const djRatingKeys = {
  all: ['dj-ratings'] as const,
  latest: (djId: string) => [...djRatingKeys.all, 'latest', djId] as const,
  forDate: (djId: string, performanceDate: string) =>
    [...djRatingKeys.all, 'for-date', djId, performanceDate] as const,
  mine: (userId: string, djId: string, performanceDate: string) =>
    [...djRatingKeys.all, 'mine', userId, djId, performanceDate] as const,
  liveTonight: (performanceDate: string) =>
    [...djRatingKeys.all, 'live-tonight', performanceDate] as const,
};
