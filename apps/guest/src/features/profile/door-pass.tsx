import styled from 'styled-components';
import { Button, Dialog, Muted, QrCode, theme } from '@bistro/ui';
import type { MemberBooking } from '@bistro/data';
import { longEventDate } from '../shared/format-date';

// Large on the phone: a door scanner reads it from arm's length.
const DoorQr = styled(QrCode)`
  width: min(72vw, 320px);
  margin: ${theme.space(4)} auto;
  padding: ${theme.space(3)};
  border-radius: ${theme.radii.md};
`;

const BigCode = styled.p`
  margin: 0;
  text-align: center;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  font-size: 2rem;
  letter-spacing: 0.2em;
  color: ${theme.colors.text};
`;

/**
 * The booking as shown at the door: its QR code and its code in large type, on a
 * full-screen pass. The QR holds the booking code only, as the booking mail's does.
 */
export function DoorPass({
  booking,
  onClose,
}: {
  booking: MemberBooking | null;
  onClose: () => void;
}) {
  const title = booking?.event_title ?? 'Your booking';
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      fullScreen
      title={title}
      description={booking?.event_date ? longEventDate(booking.event_date) : undefined}
    >
      <DoorQr
        value={booking?.booking_code ?? null}
        label={`QR code of booking ${booking?.booking_code ?? ''}`}
      />
      <BigCode data-testid="door-code">{booking?.booking_code}</BigCode>
      <Muted style={{ textAlign: 'center' }}>
        Turn your screen brightness up and show this at the door.
      </Muted>
      <Button type="button" onClick={onClose} style={{ width: '100%' }}>
        Done
      </Button>
    </Dialog>
  );
}
