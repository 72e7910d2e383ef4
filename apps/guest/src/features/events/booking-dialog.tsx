import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { Minus, Plus } from 'lucide-react';
import {
  Button,
  Dialog,
  Field,
  FieldError,
  Input,
  Label,
  Muted,
  Textarea,
  media,
  theme,
  toast,
} from '@bistro/ui';
import {
  bookingFailed,
  bookingSubmitted,
  isImageFile,
  spotsLeftLabel,
  useBookingCreateMutation,
  useProfile,
  willBeWaitlisted,
  type BookingInput,
  type BookingRow,
  type EventRow,
  type ProfileRow,
  TEXT_LIMITS,
} from '@bistro/data';
import { longEventDate } from '../shared/format-date';
import {
  DEFAULT_GUESTS,
  MAX_GUESTS,
  MIN_GUESTS,
  readGuestCount,
  stepGuestCount,
} from './guest-count';

const FieldHint = styled(Muted)`
  font-size: 0.85rem;
  margin: 0;
`;

interface Values {
  name: string;
  email: string;
  phone: string;
  guests: string;
  eventTitle: string;
  specialRequests: string;
  savePhone: boolean;
}

const empty: Values = {
  name: '',
  email: '',
  phone: '',
  guests: String(DEFAULT_GUESTS),
  eventTitle: '',
  specialRequests: '',
  savePhone: false,
};

/**
 * The dialog scrolls; its footer (Cancel, Submit) sticks to the bottom edge so
 * the primary button is visible on a small phone without scrolling. The
 * negative margins cancel the dialog's padding so the footer spans its width.
 */
const Footer = styled.div`
  position: sticky;
  bottom: -${theme.space(5)};
  z-index: 1;
  display: flex;
  justify-content: flex-end;
  gap: ${theme.space(3)};
  margin: ${theme.space(4)} -${theme.space(5)} -${theme.space(5)};
  padding: ${theme.space(3)} ${theme.space(5)} ${theme.space(5)};
  border-top: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  ${media.md} {
    bottom: -${theme.space(6)};
    margin: ${theme.space(4)} -${theme.space(6)} -${theme.space(6)};
    padding: ${theme.space(3)} ${theme.space(6)} ${theme.space(6)};
  }
`;

const Stepper = styled.div`
  display: flex;
  align-items: stretch;
  gap: ${theme.space(2)};
  input {
    width: 5.5rem;
    text-align: center;
  }
  button {
    min-width: 44px;
    padding: 0;
  }
`;

const Notice = styled.p<{ $tone: 'info' | 'warning' }>`
  margin: 0 0 ${theme.space(3)};
  padding: ${theme.space(2)} ${theme.space(3)};
  border-radius: ${theme.radii.sm};
  border-left: 3px solid
    ${({ $tone }) => ($tone === 'warning' ? theme.colors.warning : theme.colors.primary)};
  background: ${theme.colors.surfaceRaised};
`;

const CheckRow = styled.label`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  margin-top: ${theme.space(2)};
  min-height: 44px;
  font-size: 0.95rem;
  input {
    width: 20px;
    height: 20px;
  }
`;

const Occasion = styled.details`
  margin: ${theme.space(2)} 0;
  summary {
    min-height: 44px;
    display: flex;
    align-items: center;
    cursor: pointer;
    color: ${theme.colors.accent};
  }
`;

/** The form's values when it opens: empty, the contact fields from the profile. */
function openingValues(profile: ProfileRow | null | undefined, email: string | undefined): Values {
  return {
    ...empty,
    name: [profile?.first_name, profile?.last_name].filter(Boolean).join(' '),
    email: profile?.email ?? email ?? '',
    phone: profile?.phone ?? '',
  };
}

/**
 * The booking modal for one event. Closes and resets on success or Cancel.
 * Full name, e-mail, phone and guests are required; guests 1-20 (a
 * non-numeric value becomes 1, a number outside the range is refused); the
 * optional Event Title is the guest's own label for the occasion; the image is
 * optional and must be an image file. With a capacity, the spots left are
 * shown and the guest is told before submitting when the party will be
 * waitlisted.
 * The form is mounted when the dialog opens (a fresh one per opening), its
 * contact fields already filled from the profile, so opening renders it once.
 */
export function BookingDialog({
  event,
  spotsLeft,
  userId,
  email,
  onClose,
  onBooked,
}: {
  event: EventRow | null;
  /** null when the event is unlimited; undefined while unknown. */
  spotsLeft: number | null | undefined;
  userId: string;
  email?: string;
  onClose: () => void;
  onBooked: (booking: BookingRow, event: EventRow) => void;
}) {
  // Read while the dialog is closed too: opening it then starts no request.
  const profile = useProfile(userId);
  // why the last submit failed, said above the button (the toast may be off screen or gone)
  const [submitError, setSubmitError] = useState<string | null>(null);

  const close = () => {
    setSubmitError(null);
    onClose();
  };

  const create = useBookingCreateMutation({
    onSuccess: (row) => {
      toast(bookingSubmitted);
      if (event) onBooked(row, event);
      close();
    },
    onError: (error) => {
      const message = bookingFailed(error);
      setSubmitError(message.description ?? message.title);
      toast(message);
    },
  });
  const busy = create.isPending;

  return (
    <Dialog
      open={event !== null}
      onOpenChange={(open) => {
        if (!open && !busy) close();
      }}
      title={event ? `Book: ${event.title}` : 'Book an event'}
      description={event ? longEventDate(event.event_date) : undefined}
      // the tap paints the dialog at once; the form (many fields) follows between frames
      deferContent
    >
      {event ? (
        <BookingForm
          key={event.id}
          event={event}
          spotsLeft={spotsLeft}
          userId={userId}
          email={email}
          profile={profile.data}
          busy={busy}
          submitError={submitError}
          onSubmitting={() => setSubmitError(null)}
          onSubmit={(booking) => create.mutate(booking)}
          onCancel={close}
        />
      ) : null}
    </Dialog>
  );
}

function BookingForm({
  event,
  spotsLeft,
  userId,
  email,
  profile,
  busy,
  submitError,
  onSubmitting,
  onSubmit: send,
  onCancel,
}: {
  event: EventRow;
  spotsLeft: number | null | undefined;
  userId: string;
  email?: string;
  profile: ProfileRow | null | undefined;
  busy: boolean;
  submitError: string | null;
  onSubmitting: () => void;
  onSubmit: (booking: BookingInput) => void;
  onCancel: () => void;
}) {
  const ids = { guestsHint: useId(), waitlist: useId() };
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setValue, setError, clearErrors, watch, formState } =
    useForm<Values>({ defaultValues: openingValues(profile, email) });

  // The profile arriving (or changing) while the dialog is open fills the contact fields again.
  const filledFrom = useRef(profile);
  useEffect(() => {
    if (filledFrom.current === profile) return;
    filledFrom.current = profile;
    reset(openingValues(profile, email));
  }, [profile, email, reset]);

  const guestsValue = watch('guests');
  const phoneValue = watch('phone');
  const guestsRead = readGuestCount(guestsValue);
  const party = 'guests' in guestsRead ? guestsRead.guests : null;
  const waitlisted = party !== null && willBeWaitlisted(spotsLeft, party);
  const savedPhone = profile?.phone ?? '';
  const phoneChanged = phoneValue.trim() !== '' && phoneValue.trim() !== savedPhone.trim();

  const step = (delta: 1 | -1) => {
    setValue('guests', String(stepGuestCount(guestsValue, delta)));
    clearErrors('guests');
  };

  const onSubmit = (values: Values) => {
    const guests = readGuestCount(values.guests);
    if ('error' in guests) {
      setError('guests', { message: guests.error }, { shouldFocus: true });
      return;
    }
    if (image && !isImageFile(image)) {
      setImageError('Please choose an image file.');
      return;
    }
    onSubmitting();
    send({
      userId,
      event: { id: event.id, title: event.title, event_date: event.event_date },
      name: values.name,
      email: values.email,
      phone: values.phone,
      numberOfGuests: guests.guests,
      eventTitle: values.eventTitle,
      specialRequests: values.specialRequests,
      image,
      savePhone: values.savePhone && phoneChanged,
    });
  };

  const errors = formState.errors;
  const spots = spotsLeftLabel(spotsLeft);

  return (
    <>
      {spots ? (
        <Notice
          $tone={
            spotsLeft !== null && spotsLeft !== undefined && spotsLeft <= 0 ? 'warning' : 'info'
          }
        >
          {spots}
        </Notice>
      ) : null}
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Event booking">
        <Field>
          <Label htmlFor="booking-name">Full Name *</Label>
          <Input
            id="booking-name"
            autoComplete="name"
            aria-invalid={errors.name ? 'true' : 'false'}
            {...register('name', {
              validate: (v) => v.trim().length > 0 || 'Please enter your full name.',
            })}
          />
          {errors.name ? <FieldError role="alert">{errors.name.message}</FieldError> : null}
        </Field>
        <Field>
          <Label htmlFor="booking-email">Email *</Label>
          <Input
            id="booking-email"
            type="email"
            autoComplete="email"
            aria-invalid={errors.email ? 'true' : 'false'}
            {...register('email', {
              validate: (v) =>
                /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) || 'Please enter a valid email.',
            })}
          />
          {errors.email ? <FieldError role="alert">{errors.email.message}</FieldError> : null}
        </Field>
        <Field>
          <Label htmlFor="booking-phone">Phone *</Label>
          <Input
            id="booking-phone"
            type="tel"
            autoComplete="tel"
            aria-invalid={errors.phone ? 'true' : 'false'}
            {...register('phone', {
              validate: (v) => v.trim().length > 0 || 'Please enter your phone number.',
            })}
          />
          {errors.phone ? <FieldError role="alert">{errors.phone.message}</FieldError> : null}
          {phoneChanged ? (
            <CheckRow>
              <input type="checkbox" {...register('savePhone')} />
              Save this phone number to my profile
            </CheckRow>
          ) : null}
        </Field>
        <Field>
          <Label htmlFor="booking-guests">Number of Guests *</Label>
          <Stepper>
            <Button
              type="button"
              $variant="ghost"
              aria-label="Fewer guests"
              aria-controls="booking-guests"
              disabled={party !== null && party <= MIN_GUESTS}
              onClick={() => step(-1)}
            >
              <Minus aria-hidden size={18} />
            </Button>
            <Input
              id="booking-guests"
              type="number"
              inputMode="numeric"
              min={MIN_GUESTS}
              max={MAX_GUESTS}
              step={1}
              aria-invalid={errors.guests ? 'true' : 'false'}
              aria-describedby={`${ids.guestsHint}${waitlisted ? ` ${ids.waitlist}` : ''}`}
              {...register('guests', { onChange: () => clearErrors('guests') })}
            />
            <Button
              type="button"
              $variant="ghost"
              aria-label="More guests"
              aria-controls="booking-guests"
              disabled={party !== null && party >= MAX_GUESTS}
              onClick={() => step(1)}
            >
              <Plus aria-hidden size={18} />
            </Button>
          </Stepper>
          <FieldHint id={ids.guestsHint}>
            {MIN_GUESTS} to {MAX_GUESTS} guests.
          </FieldHint>
          {errors.guests ? <FieldError role="alert">{errors.guests.message}</FieldError> : null}
        </Field>
        {waitlisted ? (
          <Notice id={ids.waitlist} $tone="warning" role="status">
            This booking will be waitlisted: the event has{' '}
            {spotsLeft && spotsLeft > 0 ? `only ${spotsLeftLabel(spotsLeft)}` : 'no spots left'}. We
            will e-mail you if a spot opens up.
          </Notice>
        ) : null}
        <Field>
          <Label htmlFor="booking-requests">Special Requests</Label>
          <Textarea
            id="booking-requests"
            placeholder="Birthday, dietary needs, seating preferences…"
            {...register('specialRequests')}
          />
        </Field>
        {/* A listed event has its own title and image: the guest's own name for the occasion and
            picture are extras, folded away until asked for. */}
        <Occasion>
          <summary>Celebrating something? Name the occasion or add a picture (optional)</summary>
          <Field>
            <Label htmlFor="booking-title">Event Title</Label>
            <Input
              id="booking-title"
              placeholder={event.title}
              maxLength={TEXT_LIMITS.event_bookings.occasion}
              {...register('eventTitle')}
            />
            <FieldHint>Optional: your own name for the occasion, e.g. a birthday.</FieldHint>
          </Field>
          <Field>
            <Label htmlFor="booking-image">Event Image (optional)</Label>
            <Input
              id="booking-image"
              type="file"
              accept="image/*"
              aria-invalid={imageError ? 'true' : 'false'}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                setImage(file);
                setImageError(file && !isImageFile(file) ? 'Please choose an image file.' : null);
              }}
            />
            {imageError ? <FieldError role="alert">{imageError}</FieldError> : null}
          </Field>
        </Occasion>
        {submitError ? (
          <FieldError role="alert" id="booking-submit-error">
            {submitError}
          </FieldError>
        ) : null}
        <Footer>
          <Button type="button" $variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={busy}
            // on the waitlist it says so; its name still holds the submit action's
            aria-label={waitlisted && !busy ? 'Submit Booking: Join the Waitlist' : undefined}
          >
            {busy ? 'Submitting…' : waitlisted ? 'Join the Waitlist' : 'Submit Booking'}
          </Button>
        </Footer>
      </form>
    </>
  );
}
