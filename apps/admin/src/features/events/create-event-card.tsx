import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, Field, FieldError, Input, Label, Muted, Textarea, theme } from '@bistro/ui';
import { useUserId } from '@bistro/auth';
import {
  adminActionFailed,
  eventMessages,
  parseCapacity,
  useEventCreateMutation,
  useEventImageUploadMutation,
  TEXT_LIMITS,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { canCreateEvent, eventDateToIso } from './create-event-form';

const Preview = styled.img`
  max-height: 160px;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  object-fit: cover;
`;

const Columns = styled.div`
  display: grid;
  gap: 0 ${theme.space(4)};
  @media (min-width: 768px) {
    grid-template-columns: 1fr 1fr;
  }
`;

/** The create form: title, description, event_date and an optional featured image. */
export function CreateEventCard() {
  const adminId = useUserId() ?? '';
  const ids = {
    title: useId(),
    description: useId(),
    date: useId(),
    image: useId(),
    capacity: useId(),
  };
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [eventDate, setEventDate] = useState('');
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [capacity, setCapacity] = useState('');
  const capacityRead = parseCapacity(capacity);
  const fileInput = useRef<HTMLInputElement>(null);

  const upload = useEventImageUploadMutation({ onSuccess: setImageUrl });
  const create = useEventCreateMutation({
    onSuccess: () => {
      notify(eventMessages.created);
      setTitle('');
      setDescription('');
      setEventDate('');
      setImageUrl(null);
      setCapacity('');
      if (fileInput.current) fileInput.current.value = '';
    },
  });

  const onFile = (file: File | undefined) => {
    setImageUrl(null);
    upload.reset();
    if (!file) return;
    upload.mutate(
      { adminId, file },
      {
        onError: (error) => {
          notify(eventMessages.imageFailed((error as Error).message));
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  const enabled = canCreateEvent({
    title,
    eventDate,
    uploading: upload.isPending,
    submitting: create.isPending,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const iso = eventDateToIso(eventDate);
    if (!enabled || !iso || 'error' in capacityRead) return;
    create.mutate(
      {
        title,
        description,
        eventDate: iso,
        featuredImageUrl: imageUrl,
        adminId,
        ...(capacityRead.capacity !== null ? { capacity: capacityRead.capacity } : {}),
      },
      { onError: (error) => notify(adminActionFailed(error, 'Could not create the event.')) },
    );
  };

  return (
    <Card as="form" onSubmit={submit} aria-labelledby="create-event-heading">
      <h3 id="create-event-heading" style={{ marginTop: 0 }}>
        Create Event
      </h3>
      <Muted>Events you create are approved and shown to guests right away.</Muted>
      <Columns>
        <Field>
          <Label htmlFor={ids.title}>Title</Label>
          <Input
            id={ids.title}
            value={title}
            maxLength={TEXT_LIMITS.events.title}
            required
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor={ids.date}>Event date</Label>
          <Input
            id={ids.date}
            type="datetime-local"
            value={eventDate}
            required
            onChange={(e) => setEventDate(e.target.value)}
          />
        </Field>
      </Columns>
      <Field>
        <Label htmlFor={ids.description}>Description</Label>
        <Textarea
          id={ids.description}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      <Field>
        <Label htmlFor={ids.capacity}>Capacity in guests (optional)</Label>
        <Input
          id={ids.capacity}
          inputMode="numeric"
          placeholder="No limit"
          value={capacity}
          aria-invalid={'error' in capacityRead ? 'true' : 'false'}
          onChange={(e) => setCapacity(e.target.value)}
        />
        {'error' in capacityRead ? (
          <FieldError role="alert">{capacityRead.error}</FieldError>
        ) : null}
      </Field>
      <Field>
        <Label htmlFor={ids.image}>Featured image (optional)</Label>
        <Input
          id={ids.image}
          ref={fileInput}
          type="file"
          accept="image/*"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        {upload.isPending ? (
          <Muted role="status">Uploading image…</Muted>
        ) : imageUrl ? (
          <Preview src={imageUrl} alt="Featured image preview" />
        ) : null}
      </Field>
      <Button type="submit" disabled={!enabled || 'error' in capacityRead}>
        {create.isPending ? 'Creating…' : 'Create Event'}
      </Button>
    </Card>
  );
}
