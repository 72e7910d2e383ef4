import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Button,
  Dialog,
  Field,
  FieldError,
  Input,
  Label,
  Muted,
  Row,
  Textarea,
  toast,
} from '@bistro/ui';
import {
  bookingFailed,
  bookingSubmitted,
  isImageFile,
  useBookingCreateMutation,
  useProfile,
  type EventRow,
} from '@bistro/data';
import { longEventDate } from '../shared/format-date';
import { DEFAULT_GUESTS, MAX_GUESTS, MIN_GUESTS, coerceGuestCount } from './guest-count';

interface Values {
  name: string;
  email: string;
  phone: string;
  guests: string;
  eventTitle: string;
  specialRequests: string;
}

const empty: Values = {
  name: '',
  email: '',
  phone: '',
  guests: String(DEFAULT_GUESTS),
  eventTitle: '',
  specialRequests: '',
};

/**
 * The booking modal for one event. Closes and resets on success or Cancel.
 * Full name, e-mail, phone and guests are required; guests 1-20 (a
 * non-numeric value becomes 1); event title defaults to the event's; the
 * image is optional and must be an image file.
 */
export function BookingDialog({
  event,
  userId,
  email,
  onClose,
}: {
  event: EventRow | null;
  userId: string;
  email?: string;
  onClose: () => void;
}) {
  const profile = useProfile(userId);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setValue, formState } = useForm<Values>({
    defaultValues: empty,
  });

  // Pre-fill the contact fields from the profile each time the dialog opens.
  useEffect(() => {
    if (!event) return;
    const p = profile.data;
    reset({
      ...empty,
      name: [p?.first_name, p?.last_name].filter(Boolean).join(' '),
      email: p?.email ?? email ?? '',
      phone: p?.phone ?? '',
    });
    setImage(null);
    setImageError(null);
  }, [event, profile.data, email, reset]);

  const close = () => {
    reset(empty);
    setImage(null);
    setImageError(null);
    onClose();
  };

  const create = useBookingCreateMutation({
    onSuccess: () => {
      toast(bookingSubmitted);
      close();
    },
    onError: (error) => toast(bookingFailed(error)),
  });

  const onSubmit = (values: Values) => {
    if (!event) return;
    if (image && !isImageFile(image)) {
      setImageError('Please choose an image file.');
      return;
    }
    create.mutate({
      userId,
      event: { id: event.id, title: event.title, event_date: event.event_date },
      name: values.name,
      email: values.email,
      phone: values.phone,
      numberOfGuests: coerceGuestCount(values.guests),
      eventTitle: values.eventTitle,
      specialRequests: values.specialRequests,
      image,
    });
  };

  const errors = formState.errors;
  const busy = create.isPending;

  return (
    <Dialog
      open={event !== null}
      onOpenChange={(open) => {
        if (!open && !busy) close();
      }}
      title={event ? `Book: ${event.title}` : 'Book an event'}
      description={event ? longEventDate(event.event_date) : undefined}
    >
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
        </Field>
        <Field>
          <Label htmlFor="booking-guests">Number of Guests *</Label>
          <Input
            id="booking-guests"
            type="number"
            inputMode="numeric"
            min={MIN_GUESTS}
            max={MAX_GUESTS}
            step={1}
            {...register('guests', {
              onBlur: (e: { target: { value: string } }) =>
                setValue('guests', String(coerceGuestCount(e.target.value))),
            })}
          />
          <Muted style={{ fontSize: '0.85rem', margin: 0 }}>
            {MIN_GUESTS} to {MAX_GUESTS} guests.
          </Muted>
        </Field>
        <Field>
          <Label htmlFor="booking-title">Event Title</Label>
          <Input id="booking-title" placeholder={event?.title} {...register('eventTitle')} />
        </Field>
        <Field>
          <Label htmlFor="booking-requests">Special Requests</Label>
          <Textarea
            id="booking-requests"
            placeholder="Birthday, dietary needs, seating preferences…"
            {...register('specialRequests')}
          />
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
        <Row $gap={3} style={{ justifyContent: 'flex-end' }}>
          <Button type="button" $variant="ghost" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Submitting…' : 'Submit Booking'}
          </Button>
        </Row>
      </form>
    </Dialog>
  );
}
