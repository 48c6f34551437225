/**
 * face-api in Node for tests and benchmarks: the package's node-wasm entry on TensorFlow's WASM backend, its
 * weights read from the package's own `model/` folder, its demo photos decoded with jpeg-js. The device runs the
 * same networks in the browser (src/features/faces/).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as faceapi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import jpeg from 'jpeg-js';

const require = createRequire(import.meta.url);
const faceApiDir = dirname(dirname(require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js')));
const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));

export const faceModelDir = join(faceApiDir, 'model');
export const demoPhoto = (n: number): string => join(faceApiDir, 'demo', `sample${n}.jpg`);
export const demoPhotoNumbers = [1, 2, 3, 4, 5, 6] as const;
// face-api's node-wasm entry requires this same @tensorflow/tfjs module; its typings carry their own copy of tf's.
export { faceapi, tf };

let ready: Promise<void> | null = null;

/** Loads the WASM backend and the three networks the device uses, once per process. */
export const loadFaceApi = (): Promise<void> => {
  ready ??= (async () => {
    setWasmPaths(`${wasmDir}/`);
    await tf.setBackend('wasm');
    await tf.ready();
    await faceapi.nets.tinyFaceDetector.loadFromDisk(faceModelDir);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(faceModelDir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(faceModelDir);
  })();
  return ready;
};

/** A JPEG as an RGB int32 tensor [height, width, 3]. */
export const readJpeg = (file: string): tf.Tensor3D => {
  const raw = jpeg.decode(readFileSync(file), { useTArray: true, formatAsRGBA: false });
  return tf.tensor3d(raw.data, [raw.height, raw.width, 3], 'int32');
};

/** The same detector settings as the terminal (src/features/faces/faceEngine.ts). */
export const detectorOptions = (inputSize = 416): faceapi.TinyFaceDetectorOptions =>
  new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: 0.5 });

/** Every face in an image with its box and descriptor. */
export const describeFaces = async (image: tf.Tensor3D, inputSize = 416) =>
  faceapi
    .detectAllFaces(image as unknown as faceapi.TNetInput, detectorOptions(inputSize))
    .withFaceLandmarks()
    .withFaceDescriptors();

/** The image around a box, widened by half its size on every side and clipped to the image. */
export const cropAround = (image: tf.Tensor3D, box: faceapi.Box): tf.Tensor3D => {
  const [height, width] = image.shape;
  const x = Math.max(0, Math.round(box.x - box.width / 2));
  const y = Math.max(0, Math.round(box.y - box.height / 2));
  const w = Math.min(width - x, Math.round(box.width * 2));
  const h = Math.min(height - y, Math.round(box.height * 2));
  return tf.slice(image, [y, x, 0], [h, w, 3]);
};
