// node sw/makeIcons.mjs — draws the app icons (public/*.png) from the shapes of public/favicon.svg.
// No image library needed: a tiny rasteriser (4×4 supersampling) and a PNG writer on node:zlib.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const blue = [0x1c, 0x7e, 0xd6];
const white = [0xff, 0xff, 0xff];

// favicon.svg on a 64-unit grid: stroke width 4, round caps.
const segments = [
  [14, 52, 14, 14],
  [50, 52, 50, 14],
  [14, 24, 50, 24],
  [14, 38, 50, 38],
  [14, 52, 50, 52],
  [30, 20, 38, 20],
  [24, 34, 32, 34],
  [34, 48, 42, 48],
];
const halfStroke = 2;

const distanceToSegment = (px, py, [x1, y1, x2, y2]) => {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
};

const insideRoundedRect = (x, y, size, radius) => {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
};

/**
 * RGBA pixels of the icon. `maskable`: full-bleed background, glyph shrunk into the safe zone
 * (the centre circle of 80% diameter); otherwise the favicon's rounded square on transparency.
 */
const draw = (size, maskable) => {
  const pixels = Buffer.alloc(size * size * 4);
  const unit = size / 64;
  const glyphScale = maskable ? 0.78 : 1;
  const samples = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const ux = (x + (sx + 0.5) / samples) / unit;
          const uy = (y + (sy + 0.5) / samples) / unit;
          if (!maskable && !insideRoundedRect(ux, uy, 64, 14)) continue;
          bg++;
          const gx = 32 + (ux - 32) / glyphScale;
          const gy = 32 + (uy - 33) / glyphScale;
          if (segments.some((s) => distanceToSegment(gx, gy, s) <= halfStroke)) fg++;
        }
      }
      const total = samples * samples;
      const i = (y * size + x) * 4;
      const f = bg === 0 ? 0 : fg / bg;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(blue[c] * (1 - f) + white[c] * f);
      pixels[i + 3] = Math.round((255 * bg) / total);
    }
  }
  return pixels;
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buffer) => {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

const png = (size, rgba) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const icons = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  writeFileSync(join(publicDir, name), png(size, draw(size, maskable)));
  console.log(`public/${name} (${size}×${size}${maskable ? ', maskable' : ''})`);
}
