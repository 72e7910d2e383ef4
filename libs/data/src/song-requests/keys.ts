/** Query keys of the song_requests domain. */
export const songRequestKeys = {
  all: ['song-requests'] as const,
  tonight: (eventDate: string) => [...songRequestKeys.all, 'tonight', eventDate] as const,
};
