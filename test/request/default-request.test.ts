/**
 * Issue 25 item 1, "one path from file to prepared matrix": the app opens a file (core/jobs/datasets.ts
 * proposedLayout) with the request `skfr cluster FILE` makes without flags (core/request/default.ts), resolved by
 * the CLI's own function (resolveRequest): the same mapping and recipe by construction. The app's one addition is
 * its guess of the annotations of a table of one sample per row (every text column but the id); a recognised
 * format without quantity columns, which the CLI refuses in one sentence, still opens in the app.
 */
import { describe, expect, it } from 'vitest';
import { proposedLayout } from '../../core/jobs/datasets.js';
import { defaultRequest } from '../../core/request/default.js';
import { resolveRequest } from '../../core/request/resolve.js';
import { parseTable, type Table } from '../../core/table/index.js';
import { planCluster, requestOf } from '../../cli/commands/cluster-options.js';
import { errorOf } from '../skfr-error.js';

const tsv = (rows: string[][], name: string): Table => parseTable(new TextEncoder().encode(rows.map((r) => r.join('\t')).join('\n') + '\n'), name);

// MaxQuant: LFQ and raw intensities of 3 samples, one reverse hit; raw values (100 … 300): log2 is proposed.
const MQ = [
  ['Majority protein IDs', 'Gene names', 'LFQ intensity A', 'LFQ intensity B', 'LFQ intensity C', 'Intensity A', 'Intensity B', 'Intensity C', 'Reverse'],
  ...Array.from({ length: 12 }, (_, r) => [`P${r}`, `G${r}`, ...[0, 1, 2].map((c) => String(100 * (1 + ((r + c) % 5)))), '1', '2', '3', r === 3 ? '+' : '']),
];
const MICE = 'Tube,Genotype,MouseID,a,b\nT1,wt,m1,1,2\nT2,wt,m2,3,4\nT3,ts,m3,5,6\nT4,ts,m4,7,8\n';

describe('the default request', () => {
  it('is what `skfr cluster FILE --k 3 --s 1` asks for', () => {
    expect(defaultRequest()).toEqual(requestOf(planCluster(['data.csv', '--k', '3', '--s', '1'])!));
  });
});

describe('the app opens a table as `skfr cluster FILE` reads it', () => {
  it('a MaxQuant table: the same mapping, recipe and reasons as resolveRequest (LFQ intensity, reverse hits out, log2)', () => {
    const table = tsv(MQ, 'proteinGroups.txt');
    const app = proposedLayout(table);
    const cli = resolveRequest(table, defaultRequest());
    expect(app.mapping).toEqual(cli.mapping);
    expect(app.recipe).toEqual(cli.recipe);
    expect(app.reasons).toEqual(cli.reasons);
    expect(app.quantity).toBe('LFQ intensity');
    expect(app.recipe.steps.find((s) => s.kind === 'transform')).toMatchObject({ kind: 'transform', base: 2 });
    expect(app.quantities.map((q) => q.name)).toEqual(['LFQ intensity', 'Intensity']);
  });

  it('one sample per row: the same id (MouseID) and recipe; the app adds the other text columns as annotations', () => {
    const table = parseTable(new TextEncoder().encode(MICE), 'mice.csv');
    const app = proposedLayout(table);
    const cli = resolveRequest(table, defaultRequest());
    // The CLI's featureColumns null means "every other numeric column"; the app lists them (a, b), as recognised.
    expect(app.mapping).toMatchObject({ ...cli.mapping, annotationColumns: ['Tube', 'Genotype'], featureColumns: ['a', 'b'] });
    expect(app.mapping.idColumn).toBe('MouseID');
    expect(app.recipe).toEqual(cli.recipe);
  });

  it('a MaxQuant table without quantity columns: the CLI refuses it in one sentence, the app opens it as recognised', () => {
    const table = tsv(MQ.map((r) => [r[0]!, r[1]!, r[8]!]), 'proteinGroups.txt');
    expect(errorOf(() => resolveRequest(table, defaultRequest())).message).toMatch(/without quantity columns/);
    const app = proposedLayout(table);
    expect([app.format, app.quantity, app.quantities.length]).toEqual(['maxquant', null, 0]);
    expect(app.recipe.steps.some((s) => s.kind === 'remove-flagged')).toBe(true);
  });
});
