import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Camera, CameraOff, CheckCircle2, ImageUp, XCircle } from 'lucide-react';
import { Badge, Button, Card, Input, Muted, Row, Stack, theme } from '@bistro/ui';
import {
  bookingStatus,
  errorMessage,
  normalizeBookingCode,
  useBookingCheckInMutation,
  type CheckInResult,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { formatDateTime } from '../shared/format';
import { TabSection } from '../shared/ui';
import { statusLabel } from '../bookings/bookings-tab';
import { CameraScanner } from './camera-scanner';
import { decodeImageFile } from './qr-decode';

const CodeInput = styled(Input)`
  font-size: 1.4rem;
  letter-spacing: 0.2em;
  text-transform: uppercase;
  max-width: 14rem;
`;

const Outcome = styled(Card)<{ $ok: boolean }>`
  border-width: 2px;
  border-color: ${({ $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
  margin-top: ${theme.space(4)};
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: ${theme.space(1)} ${theme.space(4)};
    margin: ${theme.space(3)} 0 0;
  }
  dt {
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const HiddenFile = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
`;

type Outcome =
  | { kind: 'checked-in'; booking: CheckInResult }
  | { kind: 'refused'; code: string; message: string };

/**
 * Door check-in: scan the guest's QR code with the camera, upload a photo of
 * it, or type the booking code. The database records who checked the guest
 * in and when, and refuses unknown codes, a second check-in, cancelled,
 * rejected or unapproved bookings and bookings for another night, each with
 * its own message, shown here as it comes.
 */
export function CheckInTab() {
  const ids = { code: useId(), file: useId() };
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const checkIn = useBookingCheckInMutation();

  const submit = (raw: string) => {
    const normalized = normalizeBookingCode(raw);
    if (!normalized || checkIn.isPending) return;
    setCode(normalized);
    setImageProblem(null);
    checkIn.mutate(normalized, {
      onSuccess: (booking) => {
        setOutcome({ kind: 'checked-in', booking });
        notify({
          title: 'Checked In',
          description: `${booking.name}, party of ${booking.numberOfGuests}`,
          variant: 'success',
        });
      },
      onError: (error) => {
        const message = errorMessage(error) ?? 'The check-in failed. Please try again.';
        setOutcome({ kind: 'refused', code: normalized, message });
        notify({ title: 'Check-in Refused', description: message, variant: 'destructive' });
      },
    });
  };

  const onTyped = (e: FormEvent) => {
    e.preventDefault();
    submit(code);
  };

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    setImageProblem(null);
    try {
      const text = await decodeImageFile(file);
      if (text) submit(text);
      else setImageProblem('No QR code was found in that image.');
    } catch (error) {
      console.error('QR image could not be read', error);
      setImageProblem('That file could not be read as an image.');
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <TabSection headingId="checkin-heading" title="Check-in">
      <Stack $gap={4}>
        <Muted style={{ margin: 0 }}>
          Scan the QR code from the guest&apos;s confirmation e-mail, upload a photo of it, or type
          the 8-character booking code.
        </Muted>
        <form onSubmit={onTyped} aria-label="Check in by code">
          <label htmlFor={ids.code} style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
            Booking code
          </label>
          <Row $gap={2}>
            <CodeInput
              id={ids.code}
              value={code}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              placeholder="ABCD2345"
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" disabled={checkIn.isPending || !code.trim()}>
              {checkIn.isPending ? 'Checking…' : 'Check In'}
            </Button>
          </Row>
        </form>
        <Row $gap={2}>
          <Button type="button" $variant="ghost" onClick={() => setScanning((s) => !s)}>
            {scanning ? <CameraOff size={18} aria-hidden /> : <Camera size={18} aria-hidden />}
            {scanning ? 'Stop camera' : 'Scan with camera'}
          </Button>
          <Button type="button" $variant="ghost" onClick={() => fileInput.current?.click()}>
            <ImageUp size={18} aria-hidden /> Upload QR image
          </Button>
          <HiddenFile
            id={ids.file}
            ref={fileInput}
            type="file"
            accept="image/*"
            aria-label="QR code image"
            tabIndex={-1}
            onChange={(e) => void onImage(e.target.files?.[0])}
          />
        </Row>
        {imageProblem ? <Muted role="alert">{imageProblem}</Muted> : null}
        {scanning ? <CameraScanner onCode={submit} /> : null}
      </Stack>
      {outcome?.kind === 'checked-in' ? (
        <Outcome $ok role="status" aria-label="Check-in result">
          <Row $gap={2}>
            <CheckCircle2 aria-hidden color={theme.colors.success} />
            <strong>Checked in: {outcome.booking.name}</strong>
          </Row>
          <dl>
            <dt>Party</dt>
            <dd>
              {outcome.booking.numberOfGuests}{' '}
              {outcome.booking.numberOfGuests === 1 ? 'guest' : 'guests'}
            </dd>
            <dt>Event</dt>
            <dd>{outcome.booking.eventTitle ?? 'Event booking'}</dd>
            <dt>Date</dt>
            <dd>{formatDateTime(outcome.booking.eventDate)}</dd>
            <dt>Status</dt>
            <dd>
              <Badge $tone="success">{statusLabel[bookingStatus(outcome.booking.status)]}</Badge>
            </dd>
            <dt>Code</dt>
            <dd>{outcome.booking.bookingCode}</dd>
            <dt>Checked in</dt>
            <dd>{formatDateTime(outcome.booking.checkedInAt)}</dd>
          </dl>
        </Outcome>
      ) : outcome?.kind === 'refused' ? (
        <Outcome $ok={false} role="alert" aria-label="Check-in result">
          <Row $gap={2}>
            <XCircle aria-hidden color={theme.colors.danger} />
            <strong>Not checked in: {outcome.code}</strong>
          </Row>
          <p style={{ margin: '8px 0 0' }}>{outcome.message}</p>
        </Outcome>
      ) : null}
    </TabSection>
  );
}
