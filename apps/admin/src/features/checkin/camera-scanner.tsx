import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Muted, theme } from '@bistro/ui';
import { decodeVideoFrame } from './qr-decode';

const Video = styled.video`
  width: 100%;
  max-width: 420px;
  aspect-ratio: 1;
  object-fit: cover;
  border-radius: ${theme.radii.md};
  border: 2px solid ${theme.colors.primary};
  background: #000;
`;

/** Frames per second the scanner looks at: enough to feel instant, light on a phone's battery. */
const SCANS_PER_SECOND = 4;

/**
 * The phone's back camera, read for a QR code a few times a second. Calls
 * onCode once per code it sees (the same code is not repeated while it stays
 * in view), and stops the camera when unmounted.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = '';

    const scan = async () => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.readyState >= element.HAVE_CURRENT_DATA) {
        try {
          const code = await decodeVideoFrame(element);
          if (code && code !== last) {
            last = code;
            latest.current(code);
          }
          if (!code) last = '';
        } catch (error) {
          console.error('QR scan failed', error);
        }
      }
      if (!stopped) timer = setTimeout(() => void scan(), 1000 / SCANS_PER_SECOND);
    };

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem('This browser cannot use the camera here. Type the code or upload a photo.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped) {
          stream.getTracks().forEach((t) => t.stop());
          return;
        }
        const element = video.current;
        if (!element) return;
        element.srcObject = stream;
        await element.play();
        void scan();
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        setProblem(
          name === 'NotAllowedError'
            ? 'Camera access was refused. Allow the camera for this site, or type the code.'
            : 'No camera could be opened. Type the code or upload a photo of it.',
        );
      }
    })();

    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <div>
      {problem ? (
        <Muted role="alert">{problem}</Muted>
      ) : (
        <Video ref={video} muted playsInline aria-label="Camera view for scanning QR codes" />
      )}
    </div>
  );
}
