/**
 * skfr cluster maps a CSV in place (core/table/matrix.ts): the matrix is built over the parsed columns' shared
 * buffer, and the --json output is the one the copying mapping gives.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAnalysis } from '../../core/analysis.js';
import { simulate } from '../../core/engine/index.js';
import { isShared } from '../../core/parallel/shared.js';
import { applyMapping, parseTable } from '../../core/table/index.js';
import { nodeIO } from '../../cli/main.js';
import { loadMapped } from '../../cli/commands/cluster.js';
import { planCluster, withFilterAnnotations } from '../../cli/commands/cluster-options.js';
import { clusterJson } from '../../cli/commands/cluster-output.js';
import { micePath, skfrJson, tempDir } from './helpers.js';

const tmp = tempDir('skfr-in-place-');
afterAll(() => tmp.cleanup());

/** A simulated data set as CSV (id, F1..Fp, class), with a few missing cells and a text column in between. */
function simulatedCsv(): string {
  const sim = simulate('sparse', { n: 600, p: 40, k: 4, s: 5, seed: 3 });
  const { rows: n, cols: p, data } = sim.X;
  const lines = [['id', 'F1', 'site', ...sim.featureNames.slice(1), 'class'].join(',')];
  for (let i = 0; i < n; i++) {
    const cells = Array.from(data.subarray(i * p, (i + 1) * p), (x, l) => ((i * 7 + l * 3) % 97 === 0 ? 'NA' : x.toFixed(4)));
    cells.splice(1, 0, i % 3 === 0 ? 'north' : 'south');
    lines.push([`S${i + 1}`, ...cells, String(sim.classes[i]! + 1)].join(','));
  }
  const file = join(tmp.dir, 'sim.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const simFile = simulatedCsv();
const runs: [string, string[]][] = [
  ['the mouse data', [micePath, '--id-column', 'MouseID', '--class-column', 'class', '--annotation-columns', 'Genotype,Treatment,Behavior', '--k', '8', '--s', '24', '--restarts', '3']],
  ['the mouse data, control mice only', [micePath, '--id-column', 'MouseID', '--class-column', 'class', '--where', 'Genotype=Control', '--k', '8', '--s', '24', '--restarts', '3']],
  ['a simulated CSV', [simFile, '--id-column', 'id', '--class-column', 'class', '--annotation-columns', 'site', '--k', '4', '--s', '5', '--restarts', '4']],
  ['a simulated CSV, one site', [simFile, '--id-column', 'id', '--class-column', 'class', '--where', 'site=north', '--k', '4', '--s', '5', '--restarts', '4']],
];

/** The first index where two sequences differ (-1: equal); cheap to report, unlike a diff of 100 000 values. */
function firstDifference(a: ArrayLike<unknown>, b: ArrayLike<unknown>): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** `got`'s fields that `expected` has, in `expected`'s order. */
function onlyKeysOf(expected: object, got: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(expected).map((key) => [key, got[key]]));
}

/** What the copying mapping gives for the same command: table read whole, matrix copied, analysis in-thread. */
function copyingPath(args: string[]) {
  const asked = planCluster(['--json', ...args])!;
  const table = parseTable(new Uint8Array(readFileSync(asked.file)), asked.file);
  const mapping = withFilterAnnotations(asked.mapping, table.columns.map((c) => c.name));
  const mapped = applyMapping(table, mapping);
  return { asked, mapped, mapping };
}

describe('skfr cluster maps CSV files in place', () => {
  it.each(runs)('%s: the matrix is built over the columns’ shared buffer, equal to the copied one', async (_, args) => {
    const { asked, mapped: copied } = copyingPath(args);
    const { mapped, inPlace } = await loadMapped(asked, nodeIO());
    const { rows: n, cols: p, data } = mapped.matrix;
    expect(isShared(data)).toBe(true);
    expect(inPlace).toBe(true); // (no forced garbage collection needed then)
    // Built over the columns: the buffer also held the id and class columns, so it is larger than n × p.
    expect(data.buffer.byteLength).toBeGreaterThan(n * p * 8);
    expect([n, p]).toEqual([copied.matrix.rows, copied.matrix.cols]);
    expect(firstDifference(Array.from(data, String), Array.from(copied.matrix.data, String))).toBe(-1);
    // loadMapped goes through core/prepare, which adds what it did (rows read, the filter's count).
    const filtered = mapped.preparation?.find((step) => step.step === 'filter')?.count ?? 0;
    expect(mapped.preparation?.[0]).toEqual({ step: 'read', label: 'Rows read', count: mapped.matrix.rows + filtered });
    // …and the scale the fit uses, its recipe's last step (one sample per row: unit variance).
    expect(mapped.scale).toBe('unit-variance');
    expect({ ...mapped, matrix: null, preparation: undefined, scale: undefined }).toEqual({ ...copied, matrix: null });
  });

  it.each(runs)('%s: --json is the copying path’s output, timings aside', async (_, args) => {
    const { asked, mapped } = copyingPath(args);
    const expected = clusterJson(mapped, runAnalysis(mapped, asked.settings, { classColumn: asked.classColumn }), { readMs: 0, parseMs: 0, fitMs: 0 });
    // The analysis fields, as the copying path gives them (--json also says how the file was read: format, preparation, …).
    const got = onlyKeysOf(expected, await skfrJson(['cluster', ...args]));
    const [a, b] = [JSON.stringify({ ...got, timings: null }), JSON.stringify({ ...expected, timings: null })];
    expect(firstDifference(a, b), `at …${a.slice(firstDifference(a, b) - 40, firstDifference(a, b) + 40)}…`).toBe(-1);
  });
});

describe('a CSV read whole (not UTF-8)', () => {
  it('is mapped in place into shared memory too, with the copying path’s output', async () => {
    const file = join(tmp.dir, 'latin.csv');
    const rows = ['name,a,b,c'];
    for (let i = 0; i < 60; i++) rows.push(`Jos\u00e9${i},${i % 2 === 0 ? i : -i},${(i * 7) % 5},${(i * 3) % 11}`);
    writeFileSync(file, Buffer.from(rows.join('\n') + '\n', 'latin1'));
    const args = [file, '--id-column', 'name', '--k', '2', '--s', '1', '--restarts', '2'];
    const { asked, mapped: copied } = copyingPath(args);
    const { mapped, inPlace } = await loadMapped(asked, nodeIO());
    expect(inPlace).toBe(true);
    expect(mapped.sampleIds[0]).toBe('José0');
    expect(isShared(mapped.matrix.data)).toBe(true);
    expect(mapped.matrix.data.buffer.byteLength).toBe(4 * 60 * 8); // the columns' buffer (name, a, b, c)
    expect(Array.from(mapped.matrix.data)).toEqual(Array.from(copied.matrix.data));
    const expected = clusterJson(copied, runAnalysis(copied, asked.settings, { classColumn: asked.classColumn }), { readMs: 0, parseMs: 0, fitMs: 0 });
    expect({ ...onlyKeysOf(expected, await skfrJson(['cluster', ...args])), timings: null }).toEqual({ ...expected, timings: null });
  });
});

describe('a table not mapped in place', () => {
  const fragpipe = join(import.meta.dirname, '../../../shared/data/real/fragpipe_combined_protein.tsv');
  it.skipIf(!existsSync(fragpipe))('samples as columns (FragPipe): a new matrix, and loadMapped says so (the table is garbage then, collected)', async () => {
    const { mapped, inPlace } = await loadMapped(planCluster([fragpipe, '--k', '2', '--s', '5'])!, nodeIO());
    expect(inPlace).toBe(false);
    expect(mapped.matrix.rows).toBeGreaterThan(1);
  });
});
