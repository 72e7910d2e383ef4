/**
 * Reads a QR code from a camera frame or an image: with the browser's
 * BarcodeDetector where it has one for QR codes, else with jsQR (loaded only
 * when first needed, so the admin bundle does not carry it).
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorConstructor {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

let detector: Promise<BarcodeDetectorLike | null> | null = null;

/** The native QR detector, or null when the browser has none. */
function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  detector ??= (async () => {
    const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
    if (!Native) return null;
    try {
      const formats = await Native.getSupportedFormats();
      return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
    } catch {
      return null;
    }
  })();
  return detector;
}

/** Longest side a frame is scaled to before decoding: enough for a code, fast on a phone. */
const MAX_SIDE = 1024;

/** The pixels of an image or video frame, scaled down to MAX_SIDE. */
function pixels(source: CanvasImageSource, width: number, height: number): ImageData | null {
  if (!width || !height) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

async function decodeWithJsQr(image: ImageData | null): Promise<string | null> {
  if (!image) return null;
  const { default: jsQR } = await import('jsqr');
  return (
    jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null
  );
}

/** The text of the QR code in the current video frame, or null when there is none. */
export async function decodeVideoFrame(video: HTMLVideoElement): Promise<string | null> {
  const native = await nativeDetector();
  if (native) {
    const [code] = await native.detect(video);
    return code?.rawValue ?? null;
  }
  return decodeWithJsQr(pixels(video, video.videoWidth, video.videoHeight));
}

/** The text of the QR code in an image file (a photo or a screenshot), or null. */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const native = await nativeDetector();
    if (native) {
      const [code] = await native.detect(bitmap);
      if (code) return code.rawValue;
    }
    return await decodeWithJsQr(pixels(bitmap, bitmap.width, bitmap.height));
  } finally {
    bitmap.close();
  }
}
