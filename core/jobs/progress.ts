/**
 * Progress throttling: at most one message per `intervalMs` (default 100 ms, i.e. ≤ 10 per second),
 * always the first, and the last one is never lost (`flush()` sends it when the job ends).
 *
 * @example
 * const t = throttleProgress(send, 100, clock);
 * t.report(p1); // sent (first)
 * t.report(p2); // 5 ms later: held
 * t.flush();    // sends p2
 */
import type { Progress } from '../engine/types.js';

export interface ProgressThrottle {
  report(progress: Progress): void;
  /** Send the held (latest) progress, if any. */
  flush(): void;
}

export function now(): number {
  const perf = (globalThis as { performance?: { now(): number } }).performance;
  return perf ? perf.now() : Date.now();
}

export function throttleProgress(
  send: ((progress: Progress) => void) | undefined,
  intervalMs = 100,
  clock: () => number = now,
): ProgressThrottle {
  if (!send) return { report() {}, flush() {} };
  let last = -Infinity;
  let held: Progress | null = null;
  return {
    report(progress) {
      const t = clock();
      if (t - last >= intervalMs) {
        last = t;
        held = null;
        send(progress);
      } else {
        held = progress;
      }
    },
    flush() {
      if (held) {
        const p = held;
        held = null;
        last = clock();
        send(p);
      }
    },
  };
}
