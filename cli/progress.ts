/**
 * A one-line progress bar for stderr, drawn only when stderr is a terminal (otherwise every call is a no-op,
 * so logs and pipes stay clean). It redraws at most every `intervalMs` and only when the text changes.
 * @example
 *   const bar = createProgressBar((t) => process.stderr.write(t), { enabled: process.stderr.isTTY });
 *   fit(X, { ..., onProgress: bar.update }); bar.done();
 *   // stderr: "fitting  [##########----------]  50%  restart 10/20"
 */
import type { Progress } from '../core/engine/types.js';

export interface ProgressBar {
  update(progress: Progress): void;
  /** Erase the bar (call before printing anything else to stderr, and at the end). */
  done(): void;
}

export interface ProgressBarOptions {
  enabled: boolean;
  width?: number;
  intervalMs?: number;
  now?: () => number;
}

/** The text of the bar for one progress report (without the carriage return). */
export function formatProgress(progress: Progress, width = 24): string {
  const fraction = Math.min(1, Math.max(0, Number.isFinite(progress.fraction) ? progress.fraction : 0));
  const filled = Math.round(fraction * width);
  const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  const details: string[] = [];
  if (progress.s !== undefined) details.push(`s = ${progress.s}`);
  if (progress.permutation !== undefined && progress.permutations !== undefined) {
    details.push(progress.permutation === 0 ? 'observed data' : `permutation ${progress.permutation}/${progress.permutations}`);
  }
  if (progress.restart !== undefined && progress.restarts !== undefined) {
    details.push(`restart ${progress.restart}/${progress.restarts}`);
  }
  return `${progress.stage.padEnd(13)} [${bar}] ${percent}${details.length > 0 ? '  ' + details.join(', ') : ''}`;
}

export function createProgressBar(write: (text: string) => void, options: ProgressBarOptions): ProgressBar {
  if (!options.enabled) return { update: () => undefined, done: () => undefined };
  const now = options.now ?? (() => Date.now());
  const interval = options.intervalMs ?? 80;
  let shown = '';
  let lastDraw = -Infinity;
  return {
    update(progress) {
      const text = formatProgress(progress, options.width);
      const t = now();
      if (text === shown || (t - lastDraw < interval && progress.fraction < 1)) return;
      write(`\r${text}\x1b[K`);
      shown = text;
      lastDraw = t;
    },
    done() {
      if (shown !== '') write('\r\x1b[K');
      shown = '';
    },
  };
}
