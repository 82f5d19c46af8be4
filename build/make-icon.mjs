#!/usr/bin/env node
// Draws build/icon.png (512 × 512, RGBA) for electron-builder: a rounded square in deep blue with three clusters
// of dots (teal, amber, coral), the biggest dot of each ringed — "clusters and the features that make them".
// Pure Node (zlib for the PNG stream), deterministic: `node build/make-icon.mjs` rewrites the same bytes.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const SIZE = 512;
const px = new Uint8Array(SIZE * SIZE * 4);

function blend(x, y, [r, g, b], alpha) {
  if (x < 0 || y < 0 || x >= SIZE || y >= SIZE || alpha <= 0) return;
  const i = (y * SIZE + x) * 4;
  const a = Math.min(1, alpha);
  const base = px[i + 3] / 255;
  const out = a + base * (1 - a);
  px[i] = Math.round((r * a + px[i] * base * (1 - a)) / (out || 1));
  px[i + 1] = Math.round((g * a + px[i + 1] * base * (1 - a)) / (out || 1));
  px[i + 2] = Math.round((b * a + px[i + 2] * base * (1 - a)) / (out || 1));
  px[i + 3] = Math.round(out * 255);
}

/** Fills a shape given by a signed distance function (negative inside), anti-aliased over one pixel. */
function fill(sdf, color, x0 = 0, y0 = 0, x1 = SIZE, y1 = SIZE) {
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(SIZE, Math.ceil(y1)); y++)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(SIZE, Math.ceil(x1)); x++) blend(x, y, color, 0.5 - sdf(x + 0.5, y + 0.5));
}

const roundedSquare = (cx, cy, half, radius) => (x, y) => {
  const qx = Math.abs(x - cx) - (half - radius);
  const qy = Math.abs(y - cy) - (half - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
};
const disc = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r;
const ring = (cx, cy, r, w) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - w / 2;

fill(roundedSquare(256, 256, 240, 96), [28, 58, 110]);

// Deterministic dot positions (a tiny LCG), three clusters.
let seed = 20201;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const clusters = [
  { cx: 170, cy: 190, color: [64, 196, 180] },
  { cx: 345, cy: 175, color: [245, 182, 66] },
  { cx: 255, cy: 350, color: [240, 110, 90] },
];
for (const { cx, cy, color } of clusters) {
  for (let d = 0; d < 9; d++) {
    const angle = rand() * 2 * Math.PI;
    const dist = 18 + rand() * 42;
    const x = cx + Math.cos(angle) * dist;
    const y = cy + Math.sin(angle) * dist;
    fill(disc(x, y, 9), color, x - 12, y - 12, x + 12, y + 12);
  }
  fill(disc(cx, cy, 17), color, cx - 20, cy - 20, cx + 20, cy + 20);
  fill(ring(cx, cy, 30, 5), [255, 255, 255], cx - 36, cy - 36, cx + 36, cy + 36);
}

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) Buffer.from(px.subarray(y * SIZE * 4, (y + 1) * SIZE * 4)).copy(raw, y * (SIZE * 4 + 1) + 1);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const target = fileURLToPath(new URL('./icon.png', import.meta.url));
writeFileSync(target, png);
console.log(`wrote ${target} (${png.length} bytes)`);
