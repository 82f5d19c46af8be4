/**
 * The proposal's preparation kept for the run's (core/prepare/remembered.ts, issue 27): the run's prepare after
 * the proposal's gives exactly what a prepare of its own gives, reuses the proposal's arrays (once) for the steps
 * their recipes share from the start, and nothing when the mapping or a step differs.
 */
import { describe, expect, it } from 'vitest';
import { prepare } from '../../core/prepare/index.js';
import { completeLayout } from '../../core/prepare/propose.js';
import { REMEMBERED_CELLS, remember, take } from '../../core/prepare/remembered.js';
import { recognizeLayout } from '../../core/table/formats/recognize.js';
import { parseTable, type MappedData, type Table } from '../../core/table/index.js';
import type { Recipe } from '../../core/table/types.js';

/** A MaxQuant-like proteinGroups table (a fresh one each call): row 5 a decoy, B's every third row 0, CON__ on row 7. */
function proteinGroups(): Table {
  const header = ['Majority protein IDs', 'Gene names', 'LFQ intensity A', 'LFQ intensity B', 'LFQ intensity C', 'Reverse'];
  const body = Array.from({ length: 40 }, (_, r) => [
    r === 7 ? `CON__P${10000 + r};P2` : `P${10000 + r};Q${r}`,
    `G${r}`,
    String(2 ** (10 + (r % 20))),
    String(r % 3 === 0 ? 0 : 2 ** (12 + (r % 17))),
    String(2 ** (11 + (r % 19))),
    r === 5 ? '+' : '',
  ]);
  return parseTable(new TextEncoder().encode([header, ...body].map((r) => r.join('\t')).join('\n')), 'proteinGroups.txt');
}

/** Everything a prepare returns, in plain values. */
const plain = (d: MappedData) => JSON.parse(JSON.stringify({ ...d, matrix: { ...d.matrix, data: Array.from(d.matrix.data, String) } })) as unknown;

describe('the proposal’s preparation reused by the run’s', () => {
  it('gives what a prepare of its own gives, and takes the arrays once', () => {
    const table = proteinGroups();
    const layout = completeLayout(table, recognizeLayout(table)); // prepares with the format's steps, remembered
    const formatSteps = layout.recipe.steps.filter((s) => s.kind === 'remove-flagged' || s.kind === 'zeros-missing');
    // remove-flagged × 2 (Reverse = "+", the CON__ prefix), zeros-missing; then log2, 70 %, the scale.
    expect(layout.recipe.steps.map((s) => s.kind)).toEqual(['remove-flagged', 'remove-flagged', 'zeros-missing', 'transform', 'min-valid', 'scale']);
    const run = prepare(table, layout.mapping, layout.recipe, { format: layout.format });
    const fresh = proteinGroups();
    const alone = prepare(fresh, layout.mapping, layout.recipe, { format: layout.format });
    expect(plain(run)).toEqual(plain(alone));
    // 40 rows; the decoy (row 5) and the contaminant (row 7) out: 38; B = 0 on rows 0, 3, …, 39: 14 zeros; log2 of
    // the 38 × 3 − 14 = 100 others; those 14 rows hold 2 values of 3 (67 % < 70 %): out, 24 proteins left.
    expect(run.preparation?.map((r) => [r.step, r.count])).toEqual([['read', 40], ['remove-flagged', 1], ['remove-flagged', 1], ['zeros-missing', 14], ['transform', 100], ['min-valid', 14], ['scale', 24]]);

    // The proposal's zeros-missing outcome is the run's, the same array (nothing was empty: finish keeps it).
    const proposal = prepare(table, layout.mapping, { steps: formatSteps }, { format: layout.format, remember: true });
    const reused = prepare(table, layout.mapping, { steps: formatSteps }, { format: layout.format });
    expect(reused.matrix.data).toBe(proposal.matrix.data);
    // Taken: the next prepare maps and runs the steps again.
    const again = prepare(table, layout.mapping, { steps: formatSteps }, { format: layout.format });
    expect(again.matrix.data).not.toBe(proposal.matrix.data);
    expect(plain(again)).toEqual(plain(reused));
  });

  it('a recipe that parts from the proposal’s runs its own steps from there; another mapping maps again', () => {
    const table = proteinGroups();
    const layout = completeLayout(table, recognizeLayout(table));
    const [decoys, contaminants, zeros, log2] = layout.recipe.steps;
    const proposed: Recipe = { steps: [decoys!, contaminants!, zeros!] };
    // Without zeros-missing the log2 makes B's 14 zeros missing itself: 38 × 3 − 14 = 100 values logged, as above,
    // but from the flagged-out matrix, not the proposal's zeros-missing one.
    const parted: Recipe = { steps: [decoys!, contaminants!, { kind: 'transform', base: 2, nonPositive: 'missing' }] };
    prepare(table, layout.mapping, proposed, { format: layout.format, remember: true });
    const run = prepare(table, layout.mapping, parted, { format: layout.format });
    expect(plain(run)).toEqual(plain(prepare(proteinGroups(), layout.mapping, parted, { format: layout.format })));
    expect(run.preparation?.at(-1)).toMatchObject({ step: 'transform', count: 100 });
    expect(log2).toMatchObject({ kind: 'transform', base: 2 });

    const two = { ...layout.mapping, sampleColumns: ['LFQ intensity A', 'LFQ intensity C'] };
    prepare(table, layout.mapping, proposed, { format: layout.format, remember: true });
    const other = prepare(table, two, proposed, { format: layout.format });
    expect(other.matrix.rows).toBe(2);
    expect(plain(other)).toEqual(plain(prepare(proteinGroups(), two, proposed, { format: layout.format })));
  });

  it('keeps nothing past REMEMBERED_CELLS values, and gives what it keeps once', () => {
    const table = proteinGroups();
    const stages = (cells: number) => ({ mapped: { matrix: { rows: 1, cols: cells, data: new Float64Array(cells) } } as MappedData, steps: [] });
    remember(table, 'k', stages(REMEMBERED_CELLS + 1));
    expect(take(table, 'k')).toBeNull();
    const small = stages(10);
    remember(table, 'k', small);
    expect(take(table, 'other')).toBeNull(); // another mapping: let go
    remember(table, 'k', small);
    expect(take(table, 'k')).toBe(small);
    expect(take(table, 'k')).toBeNull();
  });
});
