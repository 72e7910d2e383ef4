import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Dialog, Muted, theme } from '@bistro/ui';
import type { MemberBooking } from '@bistro/data';
import { longEventDate } from '../shared/format-date';

// Dark text on white: a phone scanner reads it at any screen brightness in a dark room.
const QrBox = styled.div`
  display: grid;
  place-items: center;
  width: min(72vw, 320px);
  aspect-ratio: 1;
  margin: ${theme.space(4)} auto;
  padding: ${theme.space(3)};
  border-radius: ${theme.radii.md};
  background: #fff;
  svg {
    width: 100%;
    height: 100%;
  }
`;

const BigCode = styled.p`
  margin: 0;
  text-align: center;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  font-size: 2rem;
  letter-spacing: 0.2em;
  color: ${theme.colors.text};
`;

interface QrMatrix {
  size: number;
  dark: (row: number, col: number) => boolean;
}

/** The booking code's QR matrix, from the qrcode library loaded on demand. */
function useQrMatrix(code: string | null): { matrix: QrMatrix | null; failed: boolean } {
  const [state, setState] = useState<{ matrix: QrMatrix | null; failed: boolean }>({
    matrix: null,
    failed: false,
  });
  useEffect(() => {
    if (!code) return;
    let live = true;
    setState({ matrix: null, failed: false });
    import('qrcode')
      .then((QRCode) => {
        const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
        return { size: modules.size, dark: (r: number, c: number) => !!modules.get(r, c) };
      })
      .then(
        (matrix) => live && setState({ matrix, failed: false }),
        () => live && setState({ matrix: null, failed: true }),
      );
    return () => {
      live = false;
    };
  }, [code]);
  return state;
}

/** The matrix as one SVG path (one square per dark module), with a one-module quiet zone. */
function QrSvg({ matrix }: { matrix: QrMatrix }) {
  let d = '';
  for (let r = 0; r < matrix.size; r++)
    for (let c = 0; c < matrix.size; c++) if (matrix.dark(r, c)) d += `M${c + 1} ${r + 1}h1v1h-1z`;
  const side = matrix.size + 2;
  return (
    <svg viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" aria-hidden>
      <path d={d} fill="#000" />
    </svg>
  );
}

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
  const { matrix, failed } = useQrMatrix(booking?.booking_code ?? null);
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
      <QrBox role="img" aria-label={`QR code of booking ${booking?.booking_code ?? ''}`}>
        {matrix ? (
          <QrSvg matrix={matrix} />
        ) : failed ? (
          <Muted style={{ color: '#333' }}>The QR code could not be drawn; show the code.</Muted>
        ) : (
          <Muted style={{ color: '#333' }}>Drawing the QR code…</Muted>
        )}
      </QrBox>
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
