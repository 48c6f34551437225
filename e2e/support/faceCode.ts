/**
 * Strings only the face code's built chunks hold: face-api's recognition network name and a TensorFlow.js kernel
 * name, literals that survive minification. A script that has one carries face-api or TensorFlow.
 */
export const faceCodeMarkers = ['face_recognition_model', 'ResizeNearestNeighborGrad'] as const;

export const hasFaceCode = (script: string): boolean => faceCodeMarkers.some((m) => script.includes(m));
