import { describe, expect, it } from 'vitest';
import { enrolmentQuality, judgeFrame, judgePhoto, photoReadSize } from '../../../domain/faces/faceQuality';

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

describe('judgePhoto', () => {
  const photo = (faces: number, width: number, score: number) => ({
    faces,
    box: faces === 1 ? { width } : null,
    score,
  });
  it('takes one face of enough pixels, however wide the photo', () => {
    expect(judgePhoto(photo(1, enrolmentQuality.minPhotoFacePixels, 0.9))).toEqual({ ok: true });
    expect(judgePhoto(photo(1, 500, enrolmentQuality.minScore))).toEqual({ ok: true });
  });
  it('refuses a photo with no face, several faces, a small face or an unclear one', () => {
    expect(judgePhoto(photo(0, 0, 0))).toEqual({ ok: false, reason: 'noFaceDetected' });
    expect(judgePhoto(photo(3, 300, 0.9))).toEqual({ ok: false, reason: 'severalFaces' });
    expect(judgePhoto(photo(1, enrolmentQuality.minPhotoFacePixels - 1, 0.9))).toEqual({
      ok: false,
      reason: 'tooSmall',
    });
    expect(judgePhoto(photo(1, 300, 0.69))).toEqual({ ok: false, reason: 'notClear' });
  });
});

describe('photoReadSize', () => {
  it('scales a big photo down to its longer side and says by how much', () => {
    expect(photoReadSize(4000, 3000)).toEqual({ width: 1280, height: 960, scale: 0.32 });
    expect(photoReadSize(1000, 2560)).toEqual({ width: 500, height: 1280, scale: 0.5 });
  });
  it('never enlarges a small photo', () => {
    expect(photoReadSize(640, 480)).toEqual({ width: 640, height: 480, scale: 1 });
  });
});
