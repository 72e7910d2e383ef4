import { memo } from 'react';
import { Disc3, Radio } from 'lucide-react';
import styled from 'styled-components';
import { Card, Muted, theme } from '@bistro/ui';
import { formatWallClock, venueWallClock, type Dj, type DjRating } from '@bistro/data';
import { ReviewList } from '../ratings/review-list';
import { StarDisplay } from '../ratings/star-display';
import { VotePower } from './vote-power';

const FlatMuted = styled(Muted)`
  margin: 0;
`;

const ReviewsTitle = styled.h3`
  margin: 0 0 ${theme.space(2)};
  font-size: 1rem;
`;

/** Live Reviews: 3 shown of the 5 fetched. */
export const LIVE_REVIEWS_SHOWN = 3;

const DjCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  background: linear-gradient(135deg, #2a1f45, ${theme.colors.surface});
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(3)};
  flex-wrap: wrap;
`;

const Name = styled.h2`
  margin: 0;
  font-size: 1.35rem;
`;

const Live = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1)};
  padding: 2px ${theme.space(2)};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.danger};
  color: #1b0606;
  font-size: 0.75rem;
  font-weight: 800;
  letter-spacing: 0.06em;
`;

const Stats = styled.p`
  margin: 0;
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${theme.space(2)};
  color: ${theme.colors.textMuted};
`;

export function reviewTime(createdAt: string): string {
  return formatWallClock(venueWallClock(createdAt), 'h:mm a');
}

/** A live review's time: the time of day. */
const liveReviewTime = (review: DjRating) => ({
  dateTime: review.created_at,
  label: reviewTime(review.created_at),
});

/** The live DJ (the first active DJ), tonight's ratings, the member's vote power and Live Reviews. */
export const LiveDjCard = memo(function LiveDjCard({
  dj,
  djLoading,
  ratingsTonight,
  reviews,
  votesUsed,
}: {
  dj: Dj | null | undefined;
  djLoading: boolean;
  /** undefined while tonight's ratings are loading. */
  ratingsTonight: number | undefined;
  reviews: DjRating[];
  votesUsed: number;
}) {
  // A vote changes the vote power only: the DJ and the reviews are their own memoised parts.
  return (
    <DjCard as="section" aria-label="Tonight's DJ">
      <DjDetails dj={dj} djLoading={djLoading} ratingsTonight={ratingsTonight} />
      <VotePower votesUsed={votesUsed} />
      {dj ? <LiveReviews ratingsTonight={ratingsTonight} reviews={reviews} /> : null}
    </DjCard>
  );
});

const DjDetails = memo(function DjDetails({
  dj,
  djLoading,
  ratingsTonight,
}: {
  dj: Dj | null | undefined;
  djLoading: boolean;
  ratingsTonight: number | undefined;
}) {
  return dj ? (
    <>
      <Top>
        <Disc3 size={32} aria-hidden color={theme.colors.accent} />
        <Name>{dj.name}</Name>
        <Live>
          <Radio size={12} aria-hidden /> LIVE NOW
        </Live>
      </Top>
      <Stats>
        <StarDisplay value={Number(dj.average_rating)} />
        <span>{Number(dj.average_rating).toFixed(1)}</span>
        <span aria-hidden>·</span>
        <span data-testid="ratings-tonight">
          {ratingsTonight === undefined
            ? 'Loading ratings…'
            : `${ratingsTonight} ${ratingsTonight === 1 ? 'rating' : 'ratings'} tonight`}
        </span>
      </Stats>
      {dj.bio ? <FlatMuted>{dj.bio}</FlatMuted> : null}
    </>
  ) : (
    <FlatMuted>{djLoading ? 'Finding tonight’s DJ…' : 'No DJ is live right now.'}</FlatMuted>
  );
});

const LiveReviews = memo(function LiveReviews({
  ratingsTonight,
  reviews,
}: {
  ratingsTonight: number | undefined;
  reviews: DjRating[];
}) {
  const shown = reviews.slice(0, LIVE_REVIEWS_SHOWN);
  return (
    <div>
      <ReviewsTitle>Live Reviews</ReviewsTitle>
      {ratingsTonight === undefined ? null : shown.length === 0 ? (
        <FlatMuted>No reviews yet tonight. Be the first!</FlatMuted>
      ) : (
        <ReviewList reviews={shown} when={liveReviewTime} />
      )}
    </div>
  );
});
