import type { ErrorCode } from '../errors';

/**
 * Whether a camera frame is good enough to enrol: exactly one face, big enough (its box at least a fifth of the
 * frame's width, about 130 px on a 640 px camera: the recognition network works on 150 px faces) and clear
 * enough (the detector at least 70 % sure; blurred or half-turned faces score lower).
 *
 * A photo picked from a file is judged by the same rules, except that "big enough" counts the face's own pixels
 * (at least 120, as a face filling a fifth of the camera's frame): a photo's width says nothing about how near
 * the camera was, and a 4000 px picture with a 500 px face is as good as a 640 px frame with a 130 px one.
 */
export const enrolmentQuality = { minFaceShare: 0.2, minScore: 0.7, minPhotoFacePixels: 120 } as const;

export type FrameVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: FrameProblem };
export type FrameProblem = Extract<ErrorCode, 'noFaceDetected'> | 'severalFaces' | 'tooSmall' | 'notClear';

interface FaceFound {
  readonly faces: number;
  readonly box: { readonly width: number } | null;
  readonly score: number;
}

/** The checks of a frame and a photo alike, with the smallest face width in pixels each accepts. */
const judge = (reading: FaceFound, minWidth: number): FrameVerdict => {
  if (reading.faces === 0) return { ok: false, reason: 'noFaceDetected' };
  if (reading.faces > 1 || !reading.box) return { ok: false, reason: 'severalFaces' };
  if (reading.box.width < minWidth) return { ok: false, reason: 'tooSmall' };
  if (reading.score < enrolmentQuality.minScore) return { ok: false, reason: 'notClear' };
  return { ok: true };
};

export const judgeFrame = (reading: FaceFound & { readonly frameWidth: number }): FrameVerdict =>
  judge(reading, reading.frameWidth > 0 ? reading.frameWidth * enrolmentQuality.minFaceShare : 0);

/** A photo: its face's box measured in the photo's own pixels (before any scaling down to read it). */
export const judgePhoto = (reading: FaceFound): FrameVerdict =>
  judge(reading, enrolmentQuality.minPhotoFacePixels);

/**
 * The size a photo is read at: its longer side at most `maxSide` pixels (a 12-megapixel picture would take
 * seconds per photo and much memory on a handheld), never enlarged; `scale` turns the read size back into the
 * photo's own pixels.
 */
export const photoReadSize = (
  width: number,
  height: number,
  maxSide = 1280,
): { readonly width: number; readonly height: number; readonly scale: number } => {
  const factor = Math.min(1, maxSide / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
    scale: factor,
  };
};
