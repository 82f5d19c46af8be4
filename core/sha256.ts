/**
 * The SHA-256 of an input file (recorded in a report and in a saved session), taken by the host: core says
 * what it needs, each host gives the fastest implementation it has — node:crypto in the CLI and the compute
 * process (node/hash.ts, through FileIO.sha256), WebCrypto in the browser build (webCryptoSha256 below, the
 * default when a host gives none). A hand-written SHA-256 in JavaScript ran at a tenth of node:crypto's speed.
 *
 * @example
 *   const sha = provider.create();            // a file read in chunks
 *   for await (const chunk of chunks) sha.update(chunk);
 *   await sha.digestHex();                    // "e3b0c442…" for no bytes at all
 *   await provider.hex(bytes);                // bytes held whole
 */

/** SHA-256 fed chunk by chunk. */
export interface Sha256Hasher {
  /** Adds bytes; the caller may reuse `bytes` as soon as update returns (a chunked reader's buffer). */
  update(bytes: Uint8Array): void;
  /** The digest of everything added, as 64 lowercase hex digits. Called once, after the last update. */
  digestHex(): Promise<string>;
}

/** How a host hashes: incrementally (a file read in chunks) or bytes held whole. */
export interface Sha256Provider {
  create(): Sha256Hasher;
  hex(bytes: Uint8Array): Promise<string>;
}

/** WebCrypto as every host we target has it (browsers, workers, Node ≥ 20, Electron); core has no DOM types. */
interface SubtleLike {
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}

function subtle(): SubtleLike {
  const found = (globalThis as { crypto?: { subtle?: SubtleLike } }).crypto?.subtle;
  if (!found) throw new Error('WebCrypto (crypto.subtle) is not available here: the host must give a SHA-256 (FileIO.sha256).');
  return found;
}

function toHex(digest: ArrayBuffer): string {
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * SHA-256 through WebCrypto (crypto.subtle.digest), which is not incremental: `create()` keeps a copy of every
 * chunk until the digest, so it suits hosts that hold the bytes anyway (the browser build); hosts that read
 * files in chunks give an incremental provider (node/hash.ts).
 */
export const webCryptoSha256: Sha256Provider = {
  create() {
    const chunks: Uint8Array[] = [];
    let length = 0;
    return {
      update(bytes) {
        chunks.push(bytes.slice());
        length += bytes.length;
      },
      async digestHex() {
        const all = chunks.length === 1 ? chunks[0]! : new Uint8Array(length);
        if (chunks.length !== 1) {
          let at = 0;
          for (const chunk of chunks) {
            all.set(chunk, at);
            at += chunk.length;
          }
        }
        chunks.length = 0;
        return toHex(await subtle().digest('SHA-256', all));
      },
    };
  },
  async hex(bytes) {
    return toHex(await subtle().digest('SHA-256', bytes));
  },
};
