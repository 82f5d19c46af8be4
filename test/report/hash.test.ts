// The SHA-256 a report and a saved session record, as the hosts take it (core/sha256.ts): node:crypto in
// the Node hosts (node/hash.ts: the skfr command, FileIO.sha256 of the compute process) and WebCrypto in
// the browser build (webCryptoSha256, the default) — FIPS 180-2 vectors, and equal to node:crypto's
// one-shot digest however a file's bytes are cut into chunks.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { webCryptoSha256, type Sha256Provider } from '../../core/sha256.js';
import { nodeSha256, Sha256, sha256Hex } from '../../node/hash.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const reference = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const VECTORS: [string, string][] = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
];

/** Hash `bytes` cut at `cuts`, through one reused buffer as the chunked reader does (node/files.ts). */
async function chunked(provider: Sha256Provider, bytes: Uint8Array, cuts: number[]): Promise<string> {
  const sha = provider.create();
  const buffer = new Uint8Array(bytes.length);
  let at = 0;
  for (const cut of [...cuts, bytes.length].sort((a, b) => a - b)) {
    const end = Math.min(cut, bytes.length);
    if (end < at) continue;
    buffer.set(bytes.subarray(at, end));
    sha.update(buffer.subarray(0, end - at));
    buffer.fill(0xa5); // the reader reuses its buffer once update has returned
    at = end;
  }
  return sha.digestHex();
}

const providers: [string, Sha256Provider][] = [
  ['node:crypto (node/hash.ts)', nodeSha256],
  ['WebCrypto (core/sha256.ts)', webCryptoSha256],
];

describe.each(providers)('SHA-256 through %s', (_name, provider) => {
  it('matches the FIPS 180-2 test vectors, whole and chunk by chunk', async () => {
    for (const [text, hex] of VECTORS) {
      expect(await provider.hex(enc(text))).toBe(hex);
      expect(await chunked(provider, enc(text), [1, 3, 20])).toBe(hex);
    }
  });

  it('equals node:crypto however the bytes are cut (block edges, padding to 128 bytes)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat(300), { maxLength: 6 }), async (bytes, cuts) => {
        const expected = reference(bytes);
        expect(await provider.hex(bytes)).toBe(expected);
        expect(await chunked(provider, bytes, cuts)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe('node/hash.ts for the skfr command', () => {
  it('Sha256 (update … hex) and sha256Hex are node:crypto’s digest', () => {
    const a = enc('protein,');
    const b = enc('intensity\n');
    expect(new Sha256().update(a).update(b).hex()).toBe(reference(enc('protein,intensity\n')));
    expect(sha256Hex(new Uint8Array())).toBe(VECTORS[0]![1]);
  });
});
