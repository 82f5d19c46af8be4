/**
 * SHA-256 (FIPS 180-4) in plain TypeScript, so core stays platform-free (no crypto module). Used to record
 * which input file a report was made from; `Sha256` takes a file read chunk by chunk.
 * Example: sha256Hex(new Uint8Array()) → "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855".
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** Compress one 64-byte block at `offset` of `bytes` into the state `h`, using the scratch schedule `w`. */
function compress(h: Uint32Array, w: Uint32Array, bytes: Uint8Array, offset: number): void {
  for (let t = 0; t < 16; t++) {
    const o = offset + 4 * t;
    w[t] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const a = w[t - 15]!;
    const b = w[t - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = h[0]!, b = h[1]!, c = h[2]!, d = h[3]!, e = h[4]!, f = h[5]!, g = h[6]!, hh = h[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (hh + S1 + ch + K[t]! + w[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = h[0]! + a;
  h[1] = h[1]! + b;
  h[2] = h[2]! + c;
  h[3] = h[3]! + d;
  h[4] = h[4]! + e;
  h[5] = h[5]! + f;
  h[6] = h[6]! + g;
  h[7] = h[7]! + hh;
}

const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/**
 * SHA-256 fed chunk by chunk (a file read in pieces): `update` as often as needed, then `hex`.
 * Example: new Sha256().update(a).update(b).hex() === sha256Hex(a followed by b).
 */
export class Sha256 {
  private readonly h = new Uint32Array(INITIAL);
  private readonly w = new Uint32Array(64);
  /** The bytes of an unfinished 64-byte block. */
  private readonly block = new Uint8Array(64);
  private filled = 0;
  private length = 0;

  update(bytes: Uint8Array): this {
    const n = bytes.length;
    this.length += n;
    let i = 0;
    if (this.filled > 0) {
      i = Math.min(64 - this.filled, n);
      this.block.set(bytes.subarray(0, i), this.filled);
      this.filled += i;
      if (this.filled < 64) return this;
      compress(this.h, this.w, this.block, 0);
      this.filled = 0;
    }
    for (; i + 64 <= n; i += 64) compress(this.h, this.w, bytes, i);
    if (i < n) {
      this.block.set(bytes.subarray(i));
      this.filled = n - i;
    }
    return this;
  }

  /** The digest of everything given so far, as 64 lowercase hex digits (the state is left as it was). */
  hex(): string {
    const h = this.h.slice();
    const filled = this.filled;
    // padding: the tail, 0x80, zeros, and the bit length as a 64-bit big-endian integer
    const tail = new Uint8Array(filled < 56 ? 64 : 128);
    tail.set(this.block.subarray(0, filled));
    tail[filled] = 0x80;
    const bits = this.length * 8;
    const high = Math.floor(bits / 0x100000000);
    const low = bits >>> 0;
    const end = tail.length;
    tail[end - 8] = high >>> 24;
    tail[end - 7] = high >>> 16;
    tail[end - 6] = high >>> 8;
    tail[end - 5] = high;
    tail[end - 4] = low >>> 24;
    tail[end - 3] = low >>> 16;
    tail[end - 2] = low >>> 8;
    tail[end - 1] = low;
    for (let offset = 0; offset < end; offset += 64) compress(h, this.w, tail, offset);
    let hex = '';
    for (let i = 0; i < 8; i++) hex += h[i]!.toString(16).padStart(8, '0');
    return hex;
  }
}

/** SHA-256 of `bytes` as 64 lowercase hex digits. */
export function sha256Hex(bytes: Uint8Array): string {
  return new Sha256().update(bytes).hex();
}
