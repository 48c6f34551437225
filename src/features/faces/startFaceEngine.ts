import { AppError } from '../../../domain/errors';
import type { FaceEngine } from './faceEngine';

/**
 * The face engine, loaded on demand (TensorFlow and face-api stay out of every first load). Whatever stops it —
 * its script or a model file not fetched, no TensorFlow backend on this device — is the catalogue's
 * faceEngineUnavailable, so the screens say so in the user's language instead of failing silently.
 */
export const startFaceEngine = async (
  load: () => Promise<FaceEngine> = async () => (await import('./faceEngine')).loadFaceEngine(),
): Promise<FaceEngine> => {
  try {
    return await load();
  } catch (cause) {
    throw new AppError('faceEngineUnavailable', {
      detail: cause instanceof Error ? cause.message : String(cause),
    });
  }
};
