import { BrowserMultiFormatReader } from '@zxing/browser';
import { CameraUnavailableError } from './cameraErrors';
import { nativeFormats, zxingHints } from './cameraFormats';

/** The Barcode Detection API (Chromium on Android, macOS, ChromeOS); not in TypeScript's DOM types. */
interface DetectedBarcode {
  readonly rawValue: string;
}
interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: readonly string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

const nativeDetectorClass = (): NativeBarcodeDetectorClass | undefined =>
  (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;

const openCamera = async (): Promise<MediaStream> => {
  if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnavailableError('no camera API');
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' } },
  });
};

const stopStream = (stream: MediaStream): void => {
  for (const track of stream.getTracks()) track.stop();
};

/** Uses the native detector when it supports at least one of our formats. */
const nativeDetector = async (): Promise<NativeBarcodeDetector | null> => {
  const Detector = nativeDetectorClass();
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = nativeFormats.filter((f) => supported.includes(f));
    return formats.length > 0 ? new Detector({ formats }) : null;
  } catch {
    return null;
  }
};

const scanNatively = async (
  detector: NativeBarcodeDetector,
  stream: MediaStream,
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<() => void> => {
  video.srcObject = stream;
  await video.play();
  let running = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async (): Promise<void> => {
    if (!running) return;
    try {
      const found = await detector.detect(video);
      const first = found.find((b) => b.rawValue !== '');
      if (first && running) {
        onCode(first.rawValue);
        return;
      }
    } catch {
      // a frame not ready yet: try the next one
    }
    if (running) timer = setTimeout(tick, 120);
  };
  void tick();
  return () => {
    running = false;
    clearTimeout(timer);
    stopStream(stream);
    video.srcObject = null;
  };
};

const scanWithZxing = async (
  stream: MediaStream,
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<() => void> => {
  const reader = new BrowserMultiFormatReader(zxingHints(), { delayBetweenScanAttempts: 100 });
  const controls = await reader.decodeFromStream(stream, video, (result) => {
    if (result) onCode(result.getText());
  });
  return () => {
    controls.stop();
    stopStream(stream);
  };
};

/**
 * Opens the back camera into `video` and calls `onCode` for decoded codes until the returned stop
 * is called. Rejects with getUserMedia's error (see cameraProblemOf) when the camera cannot be used.
 */
export const startCameraScan = async (
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<() => void> => {
  const stream = await openCamera();
  try {
    const detector = await nativeDetector();
    return detector
      ? await scanNatively(detector, stream, video, onCode)
      : await scanWithZxing(stream, video, onCode);
  } catch (error) {
    stopStream(stream);
    throw error;
  }
};
