/**
 * Where the app serves face-api's model weights and TensorFlow's WASM binaries from its own files (no CDN): the
 * build copies them from node_modules (scripts/faceAssetsPlugin.ts) and the service worker precaches them.
 */
export const faceAssetsBase = '/faces/';
export const faceModelsPath = `${faceAssetsBase}models`;
export const faceWasmPath = `${faceAssetsBase}wasm/`;

/** The three networks the device runs: tiny face detector, 68-point landmarks, recognition (descriptors). */
export const faceModelFiles = [
  'tiny_face_detector_model-weights_manifest.json',
  'tiny_face_detector_model.bin',
  'face_landmark_68_model-weights_manifest.json',
  'face_landmark_68_model.bin',
  'face_recognition_model-weights_manifest.json',
  'face_recognition_model.bin',
] as const;

export const faceWasmFiles = [
  'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm',
] as const;

/**
 * The user-timing measure each frame's reading leaves (detector, landmarks and descriptor, with the backend in its
 * detail): the Chromium bench reads them (bench/faces.bench.ts).
 */
export const faceReadMeasure = 'aisle-face-read';
