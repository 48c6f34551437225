import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../domain/errors';
import type { FaceEngine } from '../../../../src/features/faces/faceEngine';
import { startFaceEngine } from '../../../../src/features/faces/startFaceEngine';

const engine: FaceEngine = {
  backend: 'wasm',
  read: async () => ({ faces: 0, descriptor: null, box: null, score: 0, frameWidth: 640 }),
};

describe('startFaceEngine', () => {
  it('gives the loaded engine', async () => {
    await expect(startFaceEngine(async () => engine)).resolves.toBe(engine);
  });

  it("turns any failure to load (a model file not fetched, no backend) into the catalogue's faceEngineUnavailable", async () => {
    const failed = await startFaceEngine(async () => {
      throw new Error('failed to fetch /faces/models/tiny_face_detector_model-weights_manifest.json');
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AppError);
    expect(failed).toMatchObject({
      code: 'faceEngineUnavailable',
      message: 'failed to fetch /faces/models/tiny_face_detector_model-weights_manifest.json',
    });
  });
});
