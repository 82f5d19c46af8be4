/**
 * What `skfr cluster` records before the fit (cli/commands/cluster-prep.ts recordRun): the cells the fit starts
 * without are found wherever they are — the last cell of the last row, a 0 a log2 made missing — although the
 * pass looking for them is skipped when the preparation's counts say none is missing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeIO } from '../../cli/main.js';
import { loadMapped } from '../../cli/commands/cluster.js';
import { planCluster } from '../../cli/commands/cluster-options.js';
import { tempDir } from './helpers.js';
import { imputedInSample } from '../../core/report/rows.js';

const tmp = tempDir('skfr-run-prep-');
afterAll(() => tmp.cleanup());

/** 40 samples × 3 features, every cell positive; `last` replaces the last row's last cell. */
function csv(name: string, last: string): string {
  const lines = ['id,a,b,c'];
  for (let i = 0; i < 40; i++) lines.push(`s${i + 1},${i + 1},${(i % 7) + 1},${i < 39 ? (i % 5) + 2 : last}`);
  const file = join(tmp.dir, name);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

async function imputedOf(file: string, ...args: string[]) {
  const { prep } = await loadMapped(planCluster([file, '--id-column', 'id', '--k', '2', '--s', '1', ...args])!, nodeIO());
  const bySample = Array.from({ length: prep.imputed.samples }, (_, i) => imputedInSample(prep.imputed, i));
  return { total: prep.imputed.total, last: bySample[39], byFeature: Array.from(prep.imputed.byFeature) };
}

describe('recordRun: the cells missing before the fit', () => {
  it('none in a full table', async () => {
    expect(await imputedOf(csv('full.csv', '3'))).toEqual({ total: 0, last: 0, byFeature: [0, 0, 0] });
  });

  it('the last cell of the last row, empty or text', async () => {
    for (const [name, last] of [['empty.csv', ''], ['na.csv', 'NA'], ['text.csv', 'x']] as const) {
      expect(await imputedOf(csv(name, last))).toEqual({ total: 1, last: 1, byFeature: [0, 0, 1] });
    }
  });

  it('a 0 that --transform log2:missing makes missing; none when every value has a logarithm', async () => {
    expect(await imputedOf(csv('zero.csv', '0'), '--transform', 'log2:missing')).toEqual({ total: 1, last: 1, byFeature: [0, 0, 1] });
    expect(await imputedOf(csv('positive.csv', '3'), '--transform', 'log2:missing')).toEqual({ total: 0, last: 0, byFeature: [0, 0, 0] });
  });
});
