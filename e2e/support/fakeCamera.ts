import { writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import bwipjs from 'bwip-js/node';

/**
 * A camera feed for Chromium's fake video capture (`--use-file-for-fake-video-capture=<file>.y4m`): a
 * CODE128 label made by bwip-js, decoded from its PNG here (no PNG library in the project), centred on a
 * white frame and written as raw I420 frames in a YUV4MPEG2 file. Chromium loops the file, so a few
 * identical frames make an endless still picture of the label.
 */

export interface RgbImage {
  readonly width: number;
  readonly height: number;
  /** 3 bytes per pixel, row by row. */
  readonly rgb: Uint8Array;
}

const channelsOf: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

const paeth = (a: number, b: number, c: number): number => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Decodes a non-interlaced 8-bit grey, grey+alpha, RGB or RGBA PNG (what bwip-js writes) onto white. */
const decodePng = (png: Buffer): RgbImage => {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colorType, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      channels = channelsOf[colorType ?? -1] ?? 0;
      if (depth !== 8 || channels === 0 || interlace !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colorType}, interlace ${interlace})`);
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (pixels[out + x - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[out - stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (pixels[out - stride + x - channels] ?? 0) : 0;
      const v = line[x] ?? 0;
      const predicted =
        filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : 0;
      pixels[out + x] = (v + predicted) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    const grey = channels < 3;
    const r = pixels[p] ?? 0;
    const g = grey ? r : (pixels[p + 1] ?? 0);
    const bl = grey ? r : (pixels[p + 2] ?? 0);
    const alpha = channels === 2 ? (pixels[p + 1] ?? 255) : channels === 4 ? (pixels[p + 3] ?? 255) : 255;
    // Transparent pixels over white paper.
    const over = (v: number) => Math.round((v * alpha + 255 * (255 - alpha)) / 255);
    rgb.set([over(r), over(g), over(bl)], i * 3);
  }
  return { width, height, rgb };
};

/** One I420 frame (BT.601 full range, as `C420jpeg` says): the image centred on white. */
const i420Frame = (image: RgbImage, width: number, height: number): Buffer => {
  if (image.width > width || image.height > height)
    throw new Error(`the picture (${image.width}×${image.height}) is larger than the frame`);
  const y = Buffer.alloc(width * height, 255);
  const u = Buffer.alloc((width / 2) * (height / 2), 128);
  const v = Buffer.alloc((width / 2) * (height / 2), 128);
  const left = Math.floor((width - image.width) / 2);
  const top = Math.floor((height - image.height) / 2);
  const rgbAt = (fx: number, fy: number): [number, number, number] => {
    const ix = fx - left;
    const iy = fy - top;
    if (ix < 0 || iy < 0 || ix >= image.width || iy >= image.height) return [255, 255, 255];
    const p = (iy * image.width + ix) * 3;
    return [image.rgb[p] ?? 255, image.rgb[p + 1] ?? 255, image.rgb[p + 2] ?? 255];
  };
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let fy = 0; fy < height; fy++)
    for (let fx = 0; fx < width; fx++) {
      const [r, g, b] = rgbAt(fx, fy);
      y[fy * width + fx] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
    }
  for (let cy = 0; cy < height / 2; cy++)
    for (let cx = 0; cx < width / 2; cx++) {
      const [r, g, b] = rgbAt(cx * 2, cy * 2);
      u[cy * (width / 2) + cx] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      v[cy * (width / 2) + cx] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  return Buffer.concat([y, u, v]);
};

export interface BarcodeVideoOptions {
  /** Frame size (even numbers); 640×480 is what getUserMedia asks for by default. */
  readonly width?: number;
  readonly height?: number;
  readonly frames?: number;
}

/**
 * Writes `file` (.y4m): a CODE128 label of `text` as Chromium's fake camera picture. Returns the file.
 */
export const writeBarcodeVideo = async (
  text: string,
  file: string,
  { width = 640, height = 480, frames = 5 }: BarcodeVideoOptions = {},
): Promise<string> => {
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 2,
    height: 20,
    includetext: true,
    textxalign: 'center',
    backgroundcolor: 'FFFFFF',
    paddingwidth: 12,
    paddingheight: 12,
  });
  return writeStillVideo(decodePng(png), file, { width, height, frames });
};

/**
 * Writes `file` (.y4m): `image` centred on a white frame, repeated `frames` times (Chromium loops the file, so
 * this is an endless still picture). Returns the file.
 */
export const writeStillVideo = (
  image: RgbImage,
  file: string,
  { width = 640, height = 480, frames = 5 }: BarcodeVideoOptions = {},
): string => {
  const frame = i420Frame(image, width, height);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frameHeader = Buffer.from('FRAME\n', 'ascii');
  const parts: Buffer[] = [header];
  for (let i = 0; i < frames; i++) parts.push(frameHeader, frame);
  writeFileSync(file, Buffer.concat(parts));
  return file;
};
