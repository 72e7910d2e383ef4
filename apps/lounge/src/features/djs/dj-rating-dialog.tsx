import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  Field,
  Input,
  Label,
  Muted,
  Row,
  Textarea,
  theme,
  toast,
} from '@bistro/ui';
import {
  businessDate,
  calendarDate,
  formatWallClock,
  djPageRatingErrorToast,
  djPageToasts,
  useDjRatingCreateMutation,
  useLatestDjRatings,
  type Dj,
  TEXT_LIMITS,
} from '@bistro/data';
import { ReviewList } from '../ratings/review-list';
import { StarPicker } from '../ratings/star-picker';

/**
 * Rate a DJ: 1-5 stars (submit disabled at 0), optional comment (null when
 * empty), performance date defaulting to today; with the DJ's 5 latest reviews.
 */
export function DjRatingDialog({
  dj,
  userId,
  open,
  onOpenChange,
}: {
  dj: Dj;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const commentId = useId();
  const dateId = useId();
  const today = businessDate();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [performanceDate, setPerformanceDate] = useState(today);

  const reviews = useLatestDjRatings(dj.id);
  const reviewsFailed = reviews.isError;
  useEffect(() => {
    if (reviewsFailed) toast(djPageToasts.loadRatingsFailed);
  }, [reviewsFailed]);

  const rate = useDjRatingCreateMutation({
    onSuccess: () => {
      toast(djPageToasts.success);
      setStars(0);
      setComment('');
      setPerformanceDate(today);
      onOpenChange(false);
    },
    onError: (error) => toast(djPageRatingErrorToast(error)),
  });

  const canSubmit = stars > 0 && performanceDate !== '' && !rate.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    rate.mutate({
      djId: dj.id,
      userId,
      rating: stars,
      comment: comment.trim() || null,
      performanceDate,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Rate ${dj.name}`}
      description="One rating per performance date."
    >
      <form onSubmit={submit}>
        <StarPicker value={stars} onChange={setStars} label="Your rating" />
        <Field>
          <Label htmlFor={commentId}>Comment (optional)</Label>
          <Textarea
            id={commentId}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={TEXT_LIMITS.dj_ratings.comment}
          />
        </Field>
        <Field>
          <Label htmlFor={dateId}>Performance Date</Label>
          <Input
            id={dateId}
            type="date"
            value={performanceDate}
            max={today}
            onChange={(e) => setPerformanceDate(e.target.value)}
            required
          />
        </Field>
        <Row style={{ justifyContent: 'flex-end' }}>
          <Button type="button" $variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSubmit}>
            {rate.isPending ? 'Submitting…' : 'Submit Rating'}
          </Button>
        </Row>
      </form>
      <section aria-labelledby={`${dateId}-reviews`} style={{ marginTop: theme.space(6) }}>
        <h3 id={`${dateId}-reviews`} style={{ margin: `0 0 ${theme.space(2)}`, fontSize: '1rem' }}>
          Recent Reviews
        </h3>
        {reviews.isPending ? (
          <Muted role="status">Loading reviews…</Muted>
        ) : reviews.isError ? (
          <Muted>Failed to load ratings</Muted>
        ) : reviews.data.ratings.length === 0 ? (
          <Muted>No reviews yet.</Muted>
        ) : (
          <ReviewList
            reviews={reviews.data.ratings}
            when={(review) => ({
              dateTime: review.performance_date,
              label: formatWallClock(calendarDate(review.performance_date), 'MMM d, yyyy'),
            })}
          />
        )}
      </section>
    </Dialog>
  );
}
