/**
 * Query keys more than one domain uses: a booking changes the member's booking
 * count (profile), a vote changes tonight's request list, a rating changes the
 * DJ list's averages.
 */
export const profileKeys = {
  all: ['profiles'] as const,
  detail: (userId: string) => [...profileKeys.all, 'detail', userId] as const,
};

/** Query keys of the song_requests domain. */
export const songRequestKeys = {
  all: ['song-requests'] as const,
  tonight: (eventDate: string) => [...songRequestKeys.all, 'tonight', eventDate] as const,
};

/** Query keys of the djs domain. */
export const djKeys = {
  all: ['djs'] as const,
  active: () => [...djKeys.all, 'active'] as const,
  live: () => [...djKeys.all, 'live'] as const,
};
