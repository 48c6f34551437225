import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api/dist/face-api.esm-nobundle.js';
import { faceModelsPath, faceReadMeasure, faceWasmPath } from './faceAssets';

/**
 * face-api in the browser: TensorFlow.js on its WASM backend (WebGL, then the plain CPU, when WASM cannot start),
 * the weights from the app's own files. Imported only through `import()` by the screens that need faces, so the
 * terminal's first load carries none of it (docs/faces.md).
 */

/** What one camera frame shows: how many faces, and the descriptor when there is exactly one. */
export interface FaceReading {
  readonly faces: number;
  readonly descriptor: Float32Array | null;
  /** The face's box in frame pixels and the detector's confidence, when there is exactly one face. */
  readonly box: { readonly width: number; readonly height: number } | null;
  readonly score: number;
  readonly frameWidth: number;
}

export interface FaceEngine {
  readonly backend: string;
  /**
   * `inputSize`: the detector's input (a multiple of 32); the camera's 320 keeps a 10 s cycle light, a photo
   * read once is worth a larger one, so a smaller face in a bigger picture is still found.
   */
  read(
    frame: HTMLVideoElement | HTMLCanvasElement,
    options?: { readonly inputSize?: number },
  ): Promise<FaceReading>;
}

/** Same detector settings as the Node test that set the threshold (test/support/faceApiNode.ts), smaller input. */
const detector = (inputSize = 320) => new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: 0.5 });

const startBackend = async (): Promise<string> => {
  setWasmPaths(faceWasmPath);
  for (const name of ['wasm', 'webgl', 'cpu'])
    try {
      if (await tf.setBackend(name)) {
        await tf.ready();
        return name;
      }
    } catch {
      // Not available on this device: try the next one.
    }
  throw new Error('no TensorFlow backend');
};

let loading: Promise<FaceEngine> | null = null;

/** Starts TensorFlow and loads the three networks, once per page. */
export const loadFaceEngine = (): Promise<FaceEngine> => {
  loading ??= (async () => {
    const backend = await startBackend();
    await Promise.all([
      faceapi.nets.tinyFaceDetector.loadFromUri(faceModelsPath),
      faceapi.nets.faceLandmark68Net.loadFromUri(faceModelsPath),
      faceapi.nets.faceRecognitionNet.loadFromUri(faceModelsPath),
    ]);
    return {
      backend,
      async read(frame, options) {
        const frameWidth = frame instanceof HTMLVideoElement ? frame.videoWidth : frame.width;
        const started = performance.now();
        const found = await faceapi
          .detectAllFaces(frame, detector(options?.inputSize))
          .withFaceLandmarks()
          .withFaceDescriptors();
        // A user-timing entry per frame: the Chromium bench reads them (bench/faces.bench.ts).
        performance.measure(faceReadMeasure, { start: started, detail: { backend } });
        const only = found.length === 1 ? found[0] : undefined;
        return {
          faces: found.length,
          descriptor: only ? only.descriptor : null,
          box: only ? { width: only.detection.box.width, height: only.detection.box.height } : null,
          score: only ? only.detection.score : 0,
          frameWidth,
        };
      },
    };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
};
