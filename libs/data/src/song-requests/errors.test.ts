// @vitest-environment node
import { DataError } from '../lib/errors';
import { songRequestInsertErrorToast } from './errors';
import { voteErrorToast } from '../song-votes/errors';
import { djPageRatingErrorToast, loungeRatingErrorToast } from '../dj-ratings/errors';

const serverError = (code: string, message: string, hint?: string) =>
  new DataError({ code, message, hint });

describe('lounge error mapping', () => {
  it('maps the database profanity refusal to Keep it Clean', () => {
    expect(songRequestInsertErrorToast(serverError('P0001', 'profanity_detected')).title).toBe(
      'Keep it Clean! 🎵',
    );
    expect(songRequestInsertErrorToast(serverError('23514', 'x')).title).toBe('Oops! 😅');
    expect(songRequestInsertErrorToast(new TypeError('Failed to fetch')).description).toBe(
      "Couldn't submit your request. Try again!",
    );
  });

  it('maps the vote limit, a duplicate and other failures', () => {
    expect(
      voteErrorToast(serverError('P0001', 'any wording', 'vote_limit_reached'), 'add'),
    ).toMatchObject({
      title: 'Vote Limit Reached! 🗳️',
      description: 'You can only vote for 3 songs per night',
    });
    // the hint token decides, not the message
    expect(voteErrorToast(serverError('P0001', 'vote_limit_reached'), 'add')?.title).toBe(
      'Vote Error',
    );
    expect(voteErrorToast(serverError('P0001', 'something_else'), 'add')?.description).toBe(
      "Couldn't add your vote",
    );
    expect(voteErrorToast(serverError('23505', 'duplicate key'), 'add')).toBeNull();
    expect(voteErrorToast(serverError('42501', 'denied'), 'remove')?.description).toBe(
      "Couldn't remove your vote",
    );
  });

  it('maps duplicate ratings per screen', () => {
    const dup = serverError('23505', 'duplicate key value violates unique constraint');
    expect(loungeRatingErrorToast(dup).title).toBe('Already Rated Tonight! ⭐');
    expect(loungeRatingErrorToast(serverError('23514', 'check')).title).toBe('Rating Failed');
    expect(djPageRatingErrorToast(dup).title).toBe('Already Rated');
    expect(djPageRatingErrorToast(serverError('500', 'boom')).description).toBe(
      'Failed to submit rating',
    );
  });
});
