/**
 * Push `bytes` to a line counter in pieces cut at `cuts` (any order, beyond the end or repeated: ignored), the
 * rest in a last push — for the tests that count lines chunk by chunk (lines-fast, sizing).
 */
import type { Lines } from '../../core/table/lines.js';

export function pushAtCuts(counter: Lines, bytes: Uint8Array, cuts: readonly number[]): void {
  let at = 0;
  for (const cut of [...cuts].sort((x, y) => x - y)) {
    const end = Math.min(cut, bytes.length);
    if (end <= at) continue;
    counter.push(bytes, at, end);
    at = end;
  }
  counter.push(bytes, at, bytes.length);
}
