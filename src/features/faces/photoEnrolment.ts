import { type FrameProblem, judgePhoto, photoReadSize } from '../../../domain/faces/faceQuality';
import type { FaceEngine } from './faceEngine';

/** Why a picked photo gives no descriptor: the camera's reasons, or a file the browser cannot open as a picture. */
export type PhotoProblem = FrameProblem | 'unreadable';

export type PhotoOutcome =
  | { readonly name: string; readonly descriptor: number[]; readonly problem: null }
  | { readonly name: string; readonly descriptor: null; readonly problem: PhotoProblem };

/**
 * The detector's inputs for a photo, tried in turn until one finds a face: the camera's 320 first (at larger
 * inputs the tiny detector misses a face that fills the picture, as a portrait does), then 512 for a smaller face
 * in a larger picture. A photo is read once, so the second try costs little.
 */
export const photoInputSizes = [320, 512] as const;

/** The photo drawn on a canvas at the size it is read at (EXIF rotation applied by the browser). */
const drawPhoto = async (file: Blob): Promise<{ canvas: HTMLCanvasElement; scale: number }> => {
  const bitmap = await createImageBitmap(file);
  try {
    const size = photoReadSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return { canvas, scale: size.scale };
  } finally {
    bitmap.close();
  }
};

/**
 * The descriptor of each photo that passes the enrolment checks (domain/faces/faceQuality.ts), or why it does
 * not. Everything happens on the device: the pictures are read here and dropped, only descriptors go further.
 */
export const readPhotos = async (
  files: readonly File[],
  engine: FaceEngine,
  onProgress: (done: number) => void,
): Promise<PhotoOutcome[]> => {
  const outcomes: PhotoOutcome[] = [];
  for (const file of files) {
    const drawn = await drawPhoto(file).catch(() => null);
    if (!drawn) outcomes.push({ name: file.name, descriptor: null, problem: 'unreadable' });
    else {
      let reading = await engine.read(drawn.canvas, { inputSize: photoInputSizes[0] });
      for (const inputSize of photoInputSizes.slice(1))
        if (reading.faces === 0) reading = await engine.read(drawn.canvas, { inputSize });
      // The face's size in the photo's own pixels, not in the scaled-down copy read here.
      const verdict = judgePhoto({
        faces: reading.faces,
        score: reading.score,
        box: reading.box ? { width: reading.box.width / drawn.scale } : null,
      });
      outcomes.push(
        verdict.ok && reading.descriptor
          ? { name: file.name, descriptor: Array.from(reading.descriptor), problem: null }
          : { name: file.name, descriptor: null, problem: verdict.ok ? 'noFaceDetected' : verdict.reason },
      );
    }
    onProgress(outcomes.length);
  }
  return outcomes;
};
