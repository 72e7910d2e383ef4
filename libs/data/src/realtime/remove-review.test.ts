// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { djRatingKeys } from '../dj-ratings/keys';
import { removeReview } from './use-lounge-live';

describe('a review deleted live', () => {
  it('leaves the pages of ratings without it and every other answer under the root as it is', () => {
    const client = new QueryClient();
    const review = { id: 'r1' } as never;
    client.setQueryData(djRatingKeys.forDate('d1', '2026-01-14'), {
      ratings: [review, { id: 'r2' }],
      total: 2,
    });
    client.setQueryData(djRatingKeys.mine('u1', 'd1', '2026-01-14'), true);
    removeReview(client, 'r1');
    expect(client.getQueryData(djRatingKeys.forDate('d1', '2026-01-14'))).toEqual({
      ratings: [{ id: 'r2' }],
      total: 1,
    });
    expect(client.getQueryData(djRatingKeys.mine('u1', 'd1', '2026-01-14'))).toBe(true);
  });
});
