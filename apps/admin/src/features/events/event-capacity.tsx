import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FieldError, Input, Muted, theme } from '@bistro/ui';
import {
  bookingMessages,
  capacityFailed,
  parseCapacity,
  useEventCapacityMutation,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { SmallButton } from '../shared/ui';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(2)};
  label {
    font-weight: 600;
    font-size: 0.95rem;
  }
  input {
    width: 7rem;
  }
`;

/** "12 / 40 guests booked", "12 guests booked · no limit". */
export function capacityLine(guestsBooked: number, capacity: number | null): string {
  const guests = guestsBooked === 1 ? 'guest' : 'guests';
  return capacity === null
    ? `${guestsBooked} ${guests} booked · no limit`
    : `${guestsBooked} / ${capacity} ${guests} booked`;
}

/**
 * An event's capacity in guests, editable in place (empty = unlimited). The
 * database refuses a capacity below the guests already booked; that refusal
 * is shown as the server words it.
 */
export function EventCapacityEditor({
  eventId,
  eventTitle,
  capacity,
}: {
  eventId: string;
  eventTitle: string;
  capacity: number | null;
}) {
  const inputId = useId();
  const [value, setValue] = useState(capacity === null ? '' : String(capacity));
  const [error, setError] = useState<string | null>(null);
  const save = useEventCapacityMutation({
    onSuccess: () => notify(bookingMessages.capacitySaved),
  });
  const saved = capacity === null ? '' : String(capacity);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseCapacity(value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    save.mutate(
      { eventId, capacity: parsed.capacity },
      { onError: (err) => notify(capacityFailed(err)) },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={`Capacity of ${eventTitle}`}>
      <label htmlFor={inputId}>Capacity</label>
      <Input
        id={inputId}
        inputMode="numeric"
        placeholder="No limit"
        value={value}
        aria-invalid={error ? 'true' : 'false'}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
      />
      <SmallButton
        type="submit"
        $variant="ghost"
        disabled={save.isPending || value.trim() === saved}
      >
        {save.isPending ? 'Saving…' : 'Save capacity'}
      </SmallButton>
      <Muted style={{ margin: 0, fontSize: '0.85rem' }}>Guests; empty for no limit.</Muted>
      {error ? <FieldError role="alert">{error}</FieldError> : null}
    </Form>
  );
}
