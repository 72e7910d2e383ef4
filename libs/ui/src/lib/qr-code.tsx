import { useEffect, useState } from 'react';
import styled from 'styled-components';

interface QrMatrix {
  size: number;
  dark: (row: number, col: number) => boolean;
}

/** The QR matrix of `value`, from the qrcode library loaded on first use. */
function useQrMatrix(value: string | null): { matrix: QrMatrix | null; failed: boolean } {
  const [state, setState] = useState<{ matrix: QrMatrix | null; failed: boolean }>({
    matrix: null,
    failed: false,
  });
  useEffect(() => {
    if (!value) return;
    let live = true;
    setState({ matrix: null, failed: false });
    import('qrcode')
      .then((QRCode) => {
        const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
        return { size: modules.size, dark: (r: number, c: number) => !!modules.get(r, c) };
      })
      .then(
        (matrix) => live && setState({ matrix, failed: false }),
        () => live && setState({ matrix: null, failed: true }),
      );
    return () => {
      live = false;
    };
  }, [value]);
  return state;
}

// Black on white, whatever the theme: a phone camera reads it at any screen brightness.
const Box = styled.div`
  display: grid;
  place-items: center;
  aspect-ratio: 1;
  background: #fff;
  color: #333;
  text-align: center;
  svg {
    width: 100%;
    height: 100%;
  }
`;

/**
 * `value` as a QR code: one SVG path (a square per dark module, a one-module quiet zone), drawn
 * by React from the matrix, so no markup from elsewhere reaches the page.
 */
export function QrCode({
  value,
  label,
  className,
}: {
  value: string | null;
  /** What the code holds, for screen readers. */
  label: string;
  className?: string;
}) {
  const { matrix, failed } = useQrMatrix(value);
  let path = '';
  if (matrix)
    for (let r = 0; r < matrix.size; r++)
      for (let c = 0; c < matrix.size; c++)
        if (matrix.dark(r, c)) path += `M${c + 1} ${r + 1}h1v1h-1z`;
  const side = (matrix?.size ?? 0) + 2;
  return (
    <Box role="img" aria-label={label} className={className}>
      {matrix ? (
        <svg viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" aria-hidden>
          <path d={path} fill="#000" />
        </svg>
      ) : failed ? (
        <span>The QR code could not be drawn.</span>
      ) : (
        <span>Drawing the QR code…</span>
      )}
    </Box>
  );
}
