import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';
import { type RgbImage, writeStillVideo } from './fakeCamera';

/**
 * A face for Chromium's fake camera, cut from @vladmandic/face-api's demo photos (each shows a different group of
 * people; nobody appears in two). The boxes are where face-api's tiny face detector finds these faces on the full
 * photos (test/support/faceApiNode.ts, input size 416); the camera shows the box widened by half its size on every
 * side, as the Node test's crops, scaled to fill the frame's height, so the face is about 40 % of a 640 px frame.
 */
export interface DemoFace {
  readonly photo: number;
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/** Two different people: the one face of sample2, and the clearest face of sample5. */
export const demoFaces = {
  first: { photo: 2, box: { x: 1403, y: 174, width: 276, height: 263 } },
  second: { photo: 5, box: { x: 314, y: 897, width: 315, height: 311 } },
} as const satisfies Record<string, DemoFace>;

const require = createRequire(import.meta.url);
const demoDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** The region of an RGBA picture, scaled (bilinear) to `scale` of its size, as RGB. */
const cropScaled = (
  picture: { width: number; height: number; data: Uint8Array },
  region: { x: number; y: number; width: number; height: number },
  scale: number,
): RgbImage => {
  const width = Math.floor(region.width * scale);
  const height = Math.floor(region.height * scale);
  const rgb = new Uint8Array(width * height * 3);
  const at = (x: number, y: number, c: number): number => {
    const cx = Math.min(picture.width - 1, Math.max(0, x));
    const cy = Math.min(picture.height - 1, Math.max(0, y));
    return picture.data[(cy * picture.width + cx) * 4 + c] ?? 0;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = region.x + x / scale;
      const sy = region.y + y / scale;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const top = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx;
        const bottom = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx;
        rgb[(y * width + x) * 3 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  return { width, height, rgb };
};

/** The demo photo around `face` (the box widened by half its size on every side) and the photo itself. */
const aroundFace = (face: DemoFace) => {
  const picture = jpeg.decode(readFileSync(join(demoDir, `sample${face.photo}.jpg`)), { useTArray: true });
  const { box } = face;
  const x = Math.max(0, Math.round(box.x - box.width / 2));
  const y = Math.max(0, Math.round(box.y - box.height / 2));
  const region = {
    x,
    y,
    width: Math.min(picture.width - x, Math.round(box.width * 2)),
    height: Math.min(picture.height - y, Math.round(box.height * 2)),
  };
  return { picture, region };
};

/** Writes `file` (.y4m, 640×480): `face` as a still camera picture. Returns the file. */
export const writeFaceVideo = (face: DemoFace, file: string): string => {
  const [frameWidth, frameHeight] = [640, 480];
  const { picture, region } = aroundFace(face);
  const scale = Math.min(frameWidth / region.width, frameHeight / region.height);
  return writeStillVideo(cropScaled(picture, region, scale), file, {
    width: frameWidth,
    height: frameHeight,
  });
};

const jpegOf = (image: RgbImage): Buffer => {
  const rgba = new Uint8Array(image.width * image.height * 4);
  for (let i = 0; i < image.width * image.height; i++) {
    rgba.set(image.rgb.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return Buffer.from(jpeg.encode({ data: rgba, width: image.width, height: image.height }, 90).data);
};

/** A JPEG photo of `face`, as an administrator would pick from a folder: the same crop the camera plays. */
export const facePhoto = (face: DemoFace): Buffer => {
  const { picture, region } = aroundFace(face);
  return jpegOf(cropScaled(picture, region, 1));
};

/** A JPEG photo with no face in it: a grey-blue gradient, as a shelf or wall picked by mistake. */
export const photoWithoutFace = (): Buffer => {
  const [width, height] = [480, 360];
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rgb.set([80 + (x % 120), 110, 140 + (y % 90)], (y * width + x) * 3);
  return jpegOf({ width, height, rgb });
};
