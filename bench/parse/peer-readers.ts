/**
 * The Python readers of `npm run bench:parse` and `npm run bench:peers`: bench/parse/read_peers.py run on one
 * file, its JSON line read back as seconds per reader.
 *
 * @example peerReadTimes('python3', script, 'data.csv', skipped) // { pandas: 1.9, polars: 0.3 }, skipped: pyarrow → why
 */
import { spawnSync } from 'node:child_process';

export const PEER_READERS = ['pandas', 'polars', 'pyarrow'] as const;
export type PeerReader = (typeof PEER_READERS)[number];

/** read_csv seconds of each reader on `file` (`script`: read_peers.py); a reader without a time goes into `skipped`, with why. */
export function peerReadTimes(python: string, script: string, file: string, skipped: Map<PeerReader, string>): Partial<Record<PeerReader, number>> {
  const run = spawnSync(python, [script, file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (run.status !== 0) throw new Error(`read_peers.py failed on ${file}: ${run.stderr}`);
  const out = JSON.parse(run.stdout) as Record<PeerReader, { seconds?: number; skipped?: string }>;
  const times: Partial<Record<PeerReader, number>> = {};
  for (const reader of PEER_READERS) {
    const r = out[reader];
    if (r?.seconds !== undefined) times[reader] = r.seconds;
    else skipped.set(reader, r?.skipped ?? 'no result');
  }
  return times;
}
