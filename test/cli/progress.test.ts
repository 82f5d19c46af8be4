import { describe, expect, it } from 'vitest';
import { createProgressBar, formatProgress } from '../../cli/progress.js';

describe('progress bar', () => {
  it('formats the stage, the bar, the percentage and the details', () => {
    expect(formatProgress({ stage: 'fitting', fraction: 0.5, restart: 10, restarts: 20 }, 10)).toBe(
      'fitting       [#####-----]  50%  restart 10/20',
    );
    expect(formatProgress({ stage: 'tuning', fraction: 0.25, s: 15, permutation: 3, permutations: 10 }, 4)).toBe(
      'tuning        [#---]  25%  s = 15, permutation 3/10',
    );
    expect(formatProgress({ stage: 'seeding', fraction: NaN }, 4)).toBe('seeding       [----]   0%');
    expect(formatProgress({ stage: 'done', fraction: 7 }, 4)).toBe('done          [####] 100%');
  });

  it('draws nothing when disabled (stderr is not a terminal)', () => {
    const out: string[] = [];
    const bar = createProgressBar((t) => out.push(t), { enabled: false });
    bar.update({ stage: 'fitting', fraction: 0.5 });
    bar.done();
    expect(out).toEqual([]);
  });

  it('redraws in place, throttled, always shows completion, and erases itself', () => {
    const out: string[] = [];
    let t = 0;
    const bar = createProgressBar((text) => out.push(text), { enabled: true, width: 4, intervalMs: 100, now: () => t });
    bar.update({ stage: 'fitting', fraction: 0.25 });
    t = 10;
    bar.update({ stage: 'fitting', fraction: 0.5 }); // too soon: skipped
    t = 200;
    bar.update({ stage: 'fitting', fraction: 0.5 });
    bar.update({ stage: 'fitting', fraction: 0.5 }); // same text: skipped
    t = 210;
    bar.update({ stage: 'fitting', fraction: 1 }); // completion is never throttled
    bar.done();
    expect(out).toEqual([
      '\rfitting       [#---]  25%\x1b[K',
      '\rfitting       [##--]  50%\x1b[K',
      '\rfitting       [####] 100%\x1b[K',
      '\r\x1b[K',
    ]);
  });
});
