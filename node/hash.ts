/**
 * SHA-256 with node:crypto (OpenSSL) for the Node hosts: the skfr command's report and session (cli/commands/
 * cluster.ts) and, as FileIO.sha256 (core/sha256.ts), the jobs session in the compute process and in
 * `skfr rerun`. Incremental: a file read in chunks is hashed on the way, never held whole.
 *
 * @example
 *   new Sha256().update(a).update(b).hex() === sha256Hex(a followed by b)
 *   sha256Hex(new Uint8Array()) // "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
 */
import { createHash, type Hash } from 'node:crypto';
import type { Sha256Hasher, Sha256Provider } from '../core/sha256.js';

/** SHA-256 fed chunk by chunk: `update` as often as needed, then `hex` (or `digestHex`) once. */
export class Sha256 implements Sha256Hasher {
  private readonly hash: Hash = createHash('sha256');

  update(bytes: Uint8Array): this {
    this.hash.update(bytes);
    return this;
  }

  /** The digest of everything given, as 64 lowercase hex digits; the hash is finished after this. */
  hex(): string {
    return this.hash.digest('hex');
  }

  async digestHex(): Promise<string> {
    return this.hex();
  }
}

/** SHA-256 of `bytes` as 64 lowercase hex digits. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** node:crypto as the jobs session's FileIO.sha256. */
export const nodeSha256: Sha256Provider = {
  create: () => new Sha256(),
  hex: async (bytes) => sha256Hex(bytes),
};
