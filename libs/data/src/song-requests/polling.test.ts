// @vitest-environment node
import { keepPreviousData } from '@tanstack/react-query';
import { tonightsSongRequestsQueryOptions } from './song-requests-query';
import { myVotesQueryOptions } from '../song-votes/my-votes-query';
import {
  djRatingsForDateQueryOptions,
  liveDjRatingsQueryOptions,
} from '../dj-ratings/dj-ratings-query';
import { songRequestKeys } from './keys';
import { songVoteKeys } from '../song-votes/keys';

// The request list, the member's votes and the DJ ratings
// refresh every 5 s; here also: not while the tab is hidden, and the last data
// stays on screen between refreshes.
describe('lounge polling', () => {
  it.each([
    ['requests', tonightsSongRequestsQueryOptions('2026-01-14')],
    ['votes', myVotesQueryOptions('member-1', '2026-01-14')],
    ['ratings', djRatingsForDateQueryOptions('dj-1', '2026-01-14')],
    ['live DJ ratings', liveDjRatingsQueryOptions('2026-01-14')],
  ])('%s poll every 5 s, only while visible, keeping the previous data', (_name, options) => {
    expect(options.refetchInterval).toBe(5_000);
    expect(options.refetchIntervalInBackground).toBe(false);
    expect(options.placeholderData).toBe(keepPreviousData);
  });

  it("keys tonight's data by night (a new night is a new list)", () => {
    expect(tonightsSongRequestsQueryOptions('2026-01-14').queryKey).toEqual(
      songRequestKeys.tonight('2026-01-14'),
    );
    expect(songRequestKeys.tonight('2026-01-15')).not.toEqual(
      songRequestKeys.tonight('2026-01-14'),
    );
    expect(myVotesQueryOptions('member-1', '2026-01-14').queryKey).toEqual(
      songVoteKeys.mine('member-1', '2026-01-14'),
    );
  });
});
