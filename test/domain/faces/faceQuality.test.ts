import { describe, expect, it } from 'vitest';
import { enrolmentQuality, judgeFrame } from '../../../domain/faces/faceQuality';

const frame = (faces: number, width: number, score: number) => ({
  faces,
  box: faces === 1 ? { width } : null,
  score,
  frameWidth: 640,
});

describe('judgeFrame', () => {
  it('takes one big, clear face', () => {
    expect(judgeFrame(frame(1, 200, 0.9))).toEqual({ ok: true });
    expect(judgeFrame(frame(1, 640 * enrolmentQuality.minFaceShare, enrolmentQuality.minScore))).toEqual({
      ok: true,
    });
  });
  it('says why a frame is refused', () => {
    expect(judgeFrame(frame(0, 0, 0))).toEqual({ ok: false, reason: 'noFaceDetected' });
    expect(judgeFrame(frame(2, 200, 0.9))).toEqual({ ok: false, reason: 'severalFaces' });
    expect(judgeFrame(frame(1, 100, 0.9))).toEqual({ ok: false, reason: 'tooSmall' });
    expect(judgeFrame(frame(1, 200, 0.5))).toEqual({ ok: false, reason: 'notClear' });
  });
});
