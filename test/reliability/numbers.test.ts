/**
 * Issue 12 items 12–14: numbers that overflow never give silently wrong results.
 * 12: a finite value ≥ ~1e154 no longer removes its feature (the variance is computed overflow-free), and
 *     ordinary data standardises bit for bit as before;
 * 13: with --no-standardize a value whose square overflows is refused, naming the cell; NaN never reaches
 *     a result;
 * 14: numbers beyond float64 ("1e400", a 10 MB run of digits) are reported "treated as missing", like "Inf".
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runAnalysis, settingsFromOptions } from '../../core/analysis.js';
import { columnStats, simulate, standardize } from '../../core/engine/index.js';
import { SkfrError } from '../../core/errors.js';
import { applyMapping, parseTable } from '../../core/table/index.js';
import type { MappedData } from '../../core/table/types.js';
import { skfr, tempDir } from '../cli/helpers.js';

const tmp = tempDir('skfr-numbers-');
afterAll(tmp.cleanup);

const mapping = { orientation: 'samples-as-rows' as const, idColumn: 'id', annotationColumns: [], featureColumns: null, filters: [] };

/** A CSV of the sparse simulation (3 classes, 8 features), with `edit` applied to its rows of cells. */
function simulatedCsv(edit: (rows: string[][]) => void = () => undefined): string {
  const sim = simulate('sparse', { n: 60, p: 8, k: 3, s: 3, seed: 4 });
  const rows = [['id', ...sim.featureNames]];
  for (let i = 0; i < sim.X.rows; i++) rows.push([`S${i + 1}`, ...Array.from(sim.X.data.subarray(i * 8, i * 8 + 8), String)]);
  edit(rows);
  return rows.map((r) => r.join(',')).join('\n') + '\n';
}

function mappedOf(csv: string): MappedData {
  return applyMapping(parseTable(new TextEncoder().encode(csv), 'x.csv'), mapping);
}

/** The formula used before: two passes, (x − mean)² summed directly. */
function naiveSds(data: Float64Array, n: number, p: number): Float64Array {
  const sds = new Float64Array(p);
  for (let l = 0; l < p; l++) {
    let sum = 0;
    let m = 0;
    for (let i = 0; i < n; i++)
      if (Number.isFinite(data[i * p + l]!)) {
        sum += data[i * p + l]!;
        m++;
      }
    const mean = sum / m;
    let ss = 0;
    for (let i = 0; i < n; i++) if (Number.isFinite(data[i * p + l]!)) ss += (data[i * p + l]! - mean) ** 2;
    sds[l] = Math.sqrt(ss / (m - 1));
  }
  return sds;
}

describe('item 12: huge finite values keep their feature', () => {
  it('a column holding 1e154 … 1.7e308 is standardised (finite z-scores, a positive sd), not dropped as constant', () => {
    for (const big of [1e154, 1e200, 1.7e308, -1.7e308]) {
      const X = { rows: 5, cols: 2, data: new Float64Array([1, big, 2, big / 2, 3, -big / 3, 4, NaN, 5, 0]) };
      const z = standardize(X);
      expect(z.zeroVariance).toEqual([]);
      expect(z.sds[1]).toBeGreaterThan(0);
      expect(Array.from(z.matrix.data).filter((v, o) => o !== 7).every(Number.isFinite)).toBe(true);
      // The same z-scores as the column divided by `big` (an exact rescaling of the problem).
      const small = standardize({ rows: 5, cols: 2, data: X.data.map((v, o) => (o % 2 === 1 ? v / Math.abs(big) : v)) });
      for (let o = 1; o < 10; o += 2) if (o !== 7) expect(z.matrix.data[o]!).toBeCloseTo(small.matrix.data[o]!, 12);
    }
  });

  it('ordinary data: the same sds, bit for bit, as the formula used before', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e12, max: 1e12, noNaN: true }), { minLength: 12, maxLength: 60 }), (values) => {
        const p = 3;
        const n = Math.floor(values.length / p);
        const data = Float64Array.from(values.slice(0, n * p));
        expect(Array.from(columnStats({ rows: n, cols: p, data }).sds)).toEqual(Array.from(naiveSds(data, n, p)).map((v, l) => (columnStats({ rows: n, cols: p, data }).zeroVariance.includes(l) ? 0 : v)));
      }),
      { numRuns: 200 },
    );
  });

  it('end to end: a feature with a 1e160 cell is still ranked and can be selected', () => {
    const csv = simulatedCsv((rows) => {
      rows[5]![2] = '1e160';
    });
    const mapped = mappedOf(csv);
    const result = runAnalysis(mapped, settingsFromOptions({ k: 3, s: 8, restarts: 2 }));
    expect(result.fit.zeroVarianceFeatures).toEqual([]);
    expect(Array.from(result.fit.selectedFeatures).map((l) => mapped.featureNames[l])).toContain(mapped.featureNames[1]);
    expect(Array.from(result.fit.featureScores).every(Number.isFinite)).toBe(true);
  });
});

describe('item 13: centred only (--scale none, --no-standardize) and values whose squares overflow', () => {
  const csv = simulatedCsv((rows) => {
    rows[3]![4] = '1e308';
  });

  it('is refused in one sentence naming the sample, its row and the column', () => {
    const mapped = mappedOf(csv);
    let error: unknown;
    try {
      runAnalysis({ ...mapped, scale: 'none' }, settingsFromOptions({ k: 3, s: 3, restarts: 2 }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SkfrError);
    const { code, message } = error as SkfrError;
    expect(code).toBe('invalid-option');
    expect(message).toContain('1e+308 (sample “S3” (data row 3), column “F4”)');
    expect(message).toMatch(/too large to cluster without scaling/);
    expect(message.split(/\. /)).toHaveLength(1);
  });

  it('skfr cluster --no-standardize: exit 2, one error line, no NaN anywhere; standardised, the same file fits', async () => {
    const file = join(tmp.dir, 'huge.csv');
    writeFileSync(file, csv);
    const raw = await skfr(['cluster', file, '--id-column', 'id', '--k', '3', '--s', '3', '--restarts', '2', '--no-standardize', '--json']);
    expect(raw.code).toBe(2);
    expect(raw.stdout).toBe('');
    expect(raw.stderr).toMatch(/^error: The value 1e\+308 \(sample “S3” \(data row 3\), column “F4”\) is too large[^\n]*\n$/);
    const standardised = await skfr(['cluster', file, '--id-column', 'id', '--k', '3', '--s', '3', '--restarts', '2', '--json']);
    expect(standardised.code, standardised.stderr).toBe(0);
    expect(standardised.stdout).not.toMatch(/NaN|null,"iter|Infinity/);
  });

  it('values that fit raw still run raw', () => {
    const mapped = mappedOf(simulatedCsv((rows) => void (rows[3]![4] = '1e100')));
    const result = runAnalysis({ ...mapped, scale: 'none' }, settingsFromOptions({ k: 3, s: 3, restarts: 2 }));
    expect(Number.isFinite(result.fit.objective)).toBe(true);
    expect(Array.from(result.fit.featureScores).every(Number.isFinite)).toBe(true);
  });
});

describe('item 14: numbers beyond float64 are reported, like Inf', () => {
  const digits = '9'.repeat(10 * 1024 * 1024);
  const csv = simulatedCsv((rows) => {
    rows[2]![1] = '1e400';
    rows[4]![1] = 'Inf';
    rows[6]![3] = '-1e400';
    rows[8]![5] = digits;
    rows[9]![5] = `"${'1'.repeat(400)}"`;
  });

  it('parseTable + mapping: a "treated as missing" warning naming each such cell', () => {
    const mapped = mappedOf(csv);
    const messages = mapped.warnings.map((w) => w.message);
    expect(messages).toContainEqual(expect.stringMatching(/^Column “F1” has text in 2 cells \(line 3 “1e400”, line 5 “Inf”\); treated as missing\.$/));
    expect(messages).toContainEqual(expect.stringMatching(/^Column “F3” has text in 1 cell \(line 7 “-1e400”\); treated as missing\.$/));
    // The 10 MB cell is named, clipped, in a short message.
    const f5 = messages.find((m) => m.startsWith('Column “F5”'))!;
    expect(f5).toMatch(/\(line 9 “9{30}… \(10485760 characters\)”, line 10 “1{30}… \(400 characters\)”\); treated as missing\.$/);
    expect(f5.length).toBeLessThan(200);
    expect(mapped.missingCells).toBe(5);
  });

  it('skfr cluster (chunked CSV reader): the same warnings on stderr, and the fit runs', async () => {
    const file = join(tmp.dir, 'overflow.csv');
    writeFileSync(file, csv);
    const run = await skfr(['cluster', file, '--id-column', 'id', '--k', '3', '--s', '3', '--restarts', '2', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('warning: Column “F1” has text in 2 cells (line 3 “1e400”, line 5 “Inf”); treated as missing.\n');
    expect(run.stderr).toContain('warning: Column “F3” has text in 1 cell (line 7 “-1e400”); treated as missing.\n');
    expect(run.stderr).toMatch(/warning: Column “F5” has text in 2 cells \(line 9 “9{30}… \(10485760 characters\)”/);
    expect(JSON.parse(run.stdout).imputedCells).toBe(5);
  });
});
