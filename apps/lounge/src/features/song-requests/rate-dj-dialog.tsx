import { useId, useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Label, Row, Textarea, toast } from '@bistro/ui';
import {
  loungeRatingErrorToast,
  loungeRatingToasts,
  useDjRatingCreateMutation,
  type Dj,
  TEXT_LIMITS,
} from '@bistro/data';
import { StarPicker } from '../ratings/star-picker';

/** 'Rate the DJ' for tonight's live DJ: 1-5 stars, optional Comments. Closes and clears on success. */
export function RateDjDialog({
  open,
  onOpenChange,
  dj,
  userId,
  tonight,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dj: Dj;
  userId: string;
  tonight: string;
}) {
  const commentsId = useId();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const clear = () => {
    setStars(0);
    setComment('');
  };
  const rate = useDjRatingCreateMutation({
    onSuccess: () => {
      toast(loungeRatingToasts.success);
      clear();
      onOpenChange(false);
    },
    onError: (error) => toast(loungeRatingErrorToast(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars < 1 || rate.isPending) return;
    rate.mutate({ djId: dj.id, userId, rating: stars, comment, performanceDate: tonight });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rate the DJ"
      description={`How is ${dj.name} doing tonight? One rating per DJ per night.`}
    >
      <form onSubmit={submit}>
        <StarPicker value={stars} onChange={setStars} label="Your rating" />
        <Field>
          <Label htmlFor={commentsId}>Comments (optional)</Label>
          <Textarea
            id={commentsId}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            maxLength={TEXT_LIMITS.dj_ratings.comment}
            placeholder="What's working on the dance floor?"
          />
        </Field>
        <Row style={{ justifyContent: 'flex-end' }}>
          <Button
            type="button"
            $variant="ghost"
            onClick={() => {
              clear();
              onOpenChange(false);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={stars < 1 || rate.isPending}>
            {rate.isPending ? 'Submitting…' : 'Submit Rating'}
          </Button>
        </Row>
      </form>
    </Dialog>
  );
}
