/** Query keys of the song_votes domain. */
export const songVoteKeys = {
  all: ['song-votes'] as const,
  mine: (userId: string, eventDate: string) =>
    [...songVoteKeys.all, 'mine', userId, eventDate] as const,
};
