import styled from 'styled-components';
import { theme } from '@bistro/ui';
import type { DjRating } from '@bistro/data';
import { StarDisplay } from './star-display';

const Reviews = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  li {
    padding: ${theme.space(2)} ${theme.space(3)};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceRaised};
  }
  p {
    margin: ${theme.space(1)} 0 0;
    overflow-wrap: anywhere;
  }
`;

const ReviewHead = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${theme.space(2)};
  color: ${theme.colors.textMuted};
  font-size: 0.85rem;
`;

/**
 * DJ reviews: stars, a time and the comment when there is one. `when` gives
 * the time shown (the performance date on the DJ page, the time of day live).
 */
export function ReviewList({
  reviews,
  when,
}: {
  reviews: DjRating[];
  when: (review: DjRating) => { dateTime: string; label: string };
}) {
  return (
    <Reviews>
      {reviews.map((review) => {
        const time = when(review);
        return (
          <li key={review.id}>
            <ReviewHead>
              <StarDisplay value={review.rating} size={14} />
              <time dateTime={time.dateTime}>{time.label}</time>
            </ReviewHead>
            {review.comment ? <p>{review.comment}</p> : null}
          </li>
        );
      })}
    </Reviews>
  );
}
