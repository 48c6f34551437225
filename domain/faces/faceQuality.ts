import type { ErrorCode } from '../errors';

/**
 * Whether a camera frame is good enough to enrol: exactly one face, big enough (its box at least a fifth of the
 * frame's width, about 130 px on a 640 px camera: the recognition network works on 150 px faces) and clear
 * enough (the detector at least 70 % sure; blurred or half-turned faces score lower).
 */
export const enrolmentQuality = { minFaceShare: 0.2, minScore: 0.7 } as const;

export type FrameVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: FrameProblem };
export type FrameProblem = Extract<ErrorCode, 'noFaceDetected'> | 'severalFaces' | 'tooSmall' | 'notClear';

export const judgeFrame = (reading: {
  readonly faces: number;
  readonly box: { readonly width: number } | null;
  readonly score: number;
  readonly frameWidth: number;
}): FrameVerdict => {
  if (reading.faces === 0) return { ok: false, reason: 'noFaceDetected' };
  if (reading.faces > 1 || !reading.box) return { ok: false, reason: 'severalFaces' };
  if (reading.frameWidth > 0 && reading.box.width < reading.frameWidth * enrolmentQuality.minFaceShare)
    return { ok: false, reason: 'tooSmall' };
  if (reading.score < enrolmentQuality.minScore) return { ok: false, reason: 'notClear' };
  return { ok: true };
};
