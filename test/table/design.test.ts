/**
 * Sample tables joined to the samples (core/table/design.ts), issue 25 item 6 and issue 26 case 5, on small
 * tables written here: the matching rules in their order, partial joins, never one row for two samples, duplicate
 * rows, the refusal with both sides' names, the join in file order (offered, applied only when chosen), and
 * through the mapping (sample-columns.ts) with the groups of the sample names when there is no sample table.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepare } from '../../core/prepare/index.js';
import { columnPlaces, describeJoin, joinDesign } from '../../core/table/design.js';
import { emptyColumnsMapping } from '../../core/table/empty-mapping.js';
import { parseTable, type SampleTable } from '../../core/table/index.js';
import { groupOfName, groupsFromNames, NAME_GROUP, offeredGroups, withoutBatchWords } from '../../core/table/name-groups.js';
import { errorOf } from '../skfr-error.js';

const table = (source: string, columns: Record<string, (string | null)[]>, sampleColumn: string | null = null): SampleTable => ({
  source,
  sampleColumn,
  columns: Object.entries(columns).map(([name, values]) => ({ name, values })),
});

describe('a partial join: the matched samples get their rows, the others are listed with missing annotations', () => {
  // 4 samples; the table names H1 and H2 (and X9, no sample): half the samples join.
  const design = table('design.txt', { label: ['H1', 'X9', 'H2'], condition: ['High', 'Low', 'High'] });
  const ids = ['H1', 'H2', 'L1', 'L2'];
  const sources = ids.map((id) => `LFQ intensity ${id}`);

  it('joins H1 and H2, lists L1 and L2 and the row X9', () => {
    const { annotations, join } = joinDesign(design, ids, sources);
    expect(join.matched).toBe(2);
    expect(join.samplesWithoutRow).toEqual(['L1', 'L2']);
    expect(join.rowsWithoutSample).toEqual(['X9']);
    expect(annotations).toEqual({ condition: ['High', 'High', null, null] });
    // The Import screen's match table: each sample, its row (0-based) and the rule.
    expect(join.matches).toEqual([
      { sample: 'H1', row: 0, value: 'H1', rule: 'exact' },
      { sample: 'H2', row: 2, value: 'H2', rule: 'exact' },
      { sample: 'L1', row: null, value: null, rule: null },
      { sample: 'L2', row: null, value: null, rule: null },
    ]);
    expect(describeJoin(join, 4)).toBe('Sample table “design.txt” matched 2 of 4 samples on “label”; no row for “L1”, “L2”; rows naming no sample: “X9”.');
  });

  it('with as many rows as samples, a join in file order is possible (offered, not applied)', () => {
    const { join } = joinDesign(table('d.csv', { label: ['H1', 'H2', 'Q1', 'Q2'], g: ['a', 'a', 'b', 'b'] }), ids, sources);
    expect(join.order).toBe('names');
    expect(join.matched).toBe(2);
    expect(join.fileOrderPossible).toBe(true);
    expect(joinDesign(design, ids, sources).join.fileOrderPossible).toBe(false); // 3 rows, 4 samples
  });
});

describe('the rules, in order', () => {
  it('exact before clean: the column holding the file header as written wins a tie (DIA-NN metadata)', () => {
    const sources = ['/data/run_a.raw.dia', '/data/run_b.raw.dia'];
    const ids = ['run_a', 'run_b'];
    const design = table('meta.csv', { file: ['run_a', 'run_b'], path: ['/data/run_a.raw.dia', '/data/run_b.raw.dia'], group: ['x', 'y'] });
    const { join } = joinDesign(design, ids, sources);
    expect(join.matchedColumn).toBe('path');
    expect(join.matches!.map((m) => m.rule)).toEqual(['exact', 'exact']);
    expect(join.columns).toEqual(['file', 'group']);
  });

  it('clean: case, spacing, quantity prefixes, run paths and Perseus type letters folded', () => {
    const ids = ['H1', 'Ctrl 2'];
    const design = table('d.txt', { sample: ['LFQ intensity h1', 'C:\\runs\\ctrl  2.raw'], condition: ['a', 'b'] });
    const { join, annotations } = joinDesign(design, ids, ids.map((id) => `LFQ intensity ${id}`));
    expect(join.matches!.map((m) => [m.row, m.rule])).toEqual([[0, 'clean'], [1, 'clean']]);
    expect(annotations.condition).toEqual(['a', 'b']);
  });

  it('loose: a table naming another quantity’s columns (Intensity_C_R1 for LFQ_intensity_C_R1)', () => {
    // R rewrote the headers: the samples (named without their shared prefix LFQ_intensity_) are C_R1 … D_R2.
    const ids = ['C_R1', 'C_R2', 'D_R1', 'D_R2'];
    const sources = ids.map((id) => `LFQ_intensity_${id}`);
    const design = table('design.tsv', { column: ids.map((id) => `Intensity_${id}`), condition: ['C', 'C', 'D', 'D'] });
    const { join, annotations } = joinDesign(design, ids, sources);
    expect(join.matched).toBe(4);
    expect(join.matches!.every((m) => m.rule === 'loose')).toBe(true);
    expect(annotations.condition).toEqual(['C', 'C', 'D', 'D']);
  });

  it('loose: a Spectronaut sample table whose names lack the runs’ shared “.raw”', () => {
    const names = ['Control_1', 'Control_2', 'KO_1', 'KO_2'];
    const sources = names.map((n, i) => `[${i + 1}] ${n}.raw.PG.Quantity`);
    const design = table('samples.csv', { 'Sample Name': ['KO_2', 'KO_1', 'Control_2', 'Control_1'], genotype: ['KO', 'KO', 'WT', 'WT'] });
    // Whatever the cleaning of the formats leaves of the run name (Control_1 or Control_1.raw), the join holds.
    for (const ids of [names, names.map((n) => `${n}.raw`)]) {
      const { join, annotations } = joinDesign(design, ids, sources);
      expect(join.matched).toBe(4);
      expect(annotations.genotype).toEqual(['WT', 'WT', 'KO', 'KO']);
    }
  });

  it('loose: runs named by their long file names, the table by short names (DIA-NN metadata’s Sample column)', () => {
    const ids = ['2024_FAIMS_36m_pilot-2_neuron_bcmk1', '2024_FAIMS_36m_pilot-2_neuron_bcmk10', '2024_FAIMS_36m_pilot-2_neuron_bcmk2'];
    const design = table('meta.csv', { Sample: ['pilot-2_neuron_bcmk1', 'pilot-2_neuron_bcmk2', 'pilot-2_neuron_bcmk10'], status: ['a', 'b', 'c'] });
    expect(joinDesign(design, ids, ids).annotations.status).toEqual(['a', 'c', 'b']);
  });

  it('loose never matches on digits alone (a plate position is no sample name)', () => {
    const ids = ['batch1_01', 'batch1_02'];
    const error = errorOf(() => joinDesign(table('plate.csv', { well: ['A_01', 'A_02'], x: ['1', '2'] }), ids, ids));
    expect(error.message).toMatch(/^No sample of the data has a row/);
  });

  it('MaxQuant’s experimentalDesign: the Experiment column names the samples, Name (the raw files) becomes an annotation', () => {
    const design = table('experimentalDesign.txt', {
      Name: ['20190101_QE_H1', '20190101_QE_H2', '20190101_QE_L1', '20190101_QE_L2'],
      Fraction: ['', '', '', ''],
      Experiment: ['H1', 'H2', 'L1', 'L2'],
      PTM: ['', '', '', ''],
    });
    const ids = ['H1', 'H2', 'L1', 'L2'];
    const { join, annotations } = joinDesign(design, ids, ids.map((id) => `LFQ intensity ${id}`));
    expect(join.matchedColumn).toBe('Experiment');
    expect(annotations.Name).toEqual(['20190101_QE_H1', '20190101_QE_H2', '20190101_QE_L1', '20190101_QE_L2']);
  });
});

describe('one row is never given to two samples', () => {
  it('H1 and h1: the row H1 goes to H1 (exact); h1, whose cleaned name it shares, gets none', () => {
    const { join } = joinDesign(table('d', { s: ['H1'], g: ['a'] }), ['H1', 'h1'], ['H1', 'h1']);
    expect(join.matches!.map((m) => m.row)).toEqual([0, null]);
  });

  it('two samples with the same cleaned name and no exact row: neither is matched', () => {
    const error = errorOf(() => joinDesign(table('d', { s: ['H 1'], g: ['a'] }), ['h1', 'H1'], ['h1', 'H1']));
    expect(error.message).toMatch(/^No sample of the data has a row/);
  });

  it('property: any names on both sides — each row at most once, each sample at most one row', () => {
    const name = fc.constantFrom('H1', 'h1', 'H 1', 'H_1', 'H-1', 'LFQ intensity H1', 'A1', 'a_1', 'A.1', 'B2', 'b2.raw', '/x/B2.raw', 'Intensity_B2', 'C3');
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 8 }), fc.array(name, { minLength: 1, maxLength: 8 }), (ids, values) => {
        const design = table('d', { s: values, i: values.map((_, r) => String(r)) });
        let joined;
        try {
          joined = joinDesign(design, ids, ids);
        } catch {
          return; // (no match, or two different rows for one sample: refused)
        }
        const rows = joined.join.matches!.map((m) => m.row).filter((r) => r !== null);
        expect(new Set(rows).size).toBe(rows.length);
        // Each matched sample's annotation is its own row's index.
        joined.join.matches!.forEach((m, i) => expect(joined.annotations.i![i]).toBe(m.row === null ? null : String(m.row)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('several rows for one sample (issue 26 case 5)', () => {
  it('two different rows: refused, naming the sample and both rows', () => {
    const design = table('design.txt', { label: ['H1', 'H2', 'H1'], condition: ['CD34High', 'CD34High', 'CD34Low'], replicate: ['1', '2', '1'] });
    const error = errorOf(() => joinDesign(design, ['H1', 'H2'], ['H1', 'H2']));
    expect(error.code).toBe('invalid-option');
    expect(error.message).toBe(
      'Sample “H1” has two different rows in the sample table “design.txt” (rows 1 and 3 below its header: “H1, CD34High, 1” and “H1, CD34Low, 1”); ' +
        'keep one row per sample, or choose the column that names each sample once.',
    );
  });

  it('identical rows: taken once, and said', () => {
    const design = table('design.txt', { label: ['H1', 'H2', 'H1'], condition: ['High', 'High', 'High'] });
    const { join, annotations } = joinDesign(design, ['H1', 'H2'], ['H1', 'H2']);
    expect(annotations.condition).toEqual(['High', 'High']);
    expect(join.duplicateRows).toEqual(['H1']);
    expect(join.rowsWithoutSample).toEqual([]);
    expect(describeJoin(join, 2)).toBe('Sample table “design.txt” matched 2 of 2 samples on “label”; identical rows taken once for “H1”.');
  });
});

describe('nothing matches: one sentence with the names of both sides', () => {
  const ids = ['bcmk10', 'bcmk11', 'bcmk1'];

  it('different counts: refused (invalid-option)', () => {
    const error = errorOf(() => joinDesign(table('meta.csv', { notebook: ['O1', 'O2'], status: ['a', 'b'] }), ids, ids));
    expect(error.code).toBe('invalid-option');
    expect(error.message).toBe(
      'No sample of the data has a row in the sample table “meta.csv”: its column “notebook” holds names such as “O1”, “O2”, ' +
        'the data\'s samples are named “bcmk10”, “bcmk11”, “bcmk1”. Choose the sample table that describes these samples, or the column that names them.',
    );
  });

  it('one row per sample: refused as design-unmatched, saying how to join in file order', () => {
    const error = errorOf(() => joinDesign(table('meta.csv', { notebook: ['O1', 'O2', 'O3'], status: ['a', 'b', 'c'] }), ids, ids));
    expect(error.code).toBe('design-unmatched');
    expect(error.message).toMatch(/It has one row for each of the 3 samples: if its rows follow the samples' order in the file, join them in file order \(“Match in file order” on the Import screen, --design-order file\)\.$/);
  });
});

describe('the join in file order, only when chosen', () => {
  const ids = ['bcmk10', 'bcmk11', 'bcmk1'];
  const meta = (order?: 'file') => ({ ...table('meta.csv', { notebook: ['O10', 'O11', 'O1'], status: ['a', 'b', 'c'] }), ...(order ? { order } : {}) });

  it('chosen: the i-th row to the i-th sample, every column an annotation, the match table says so', () => {
    const { annotations, join, warnings } = joinDesign(meta('file'), ids, ids);
    expect(annotations).toEqual({ notebook: ['O10', 'O11', 'O1'], status: ['a', 'b', 'c'] });
    expect(join.order).toBe('file');
    expect(join.matches!.map((m) => [m.sample, m.row, m.value, m.rule])).toEqual([
      ['bcmk10', 0, 'O10', 'file-order'],
      ['bcmk11', 1, 'O11', 'file-order'],
      ['bcmk1', 2, 'O1', 'file-order'],
    ]);
    expect(warnings).toEqual([]);
    expect(describeJoin(join, 3)).toBe('Sample table “meta.csv” joined in file order, as chosen: 3 of 3 samples, the names not compared.');
  });

  it('by the samples’ places in the file, not the order the mapping lists them in', () => {
    const { annotations } = joinDesign(meta('file'), ['bcmk1', 'bcmk10', 'bcmk11'], ['bcmk1', 'bcmk10', 'bcmk11'], new Set(), { positions: [2, 0, 1], total: 3 });
    expect(annotations.status).toEqual(['c', 'a', 'b']);
    const t = parseTable(new TextEncoder().encode('p,B,A,C\nx,1,2,3\n'), 't.csv');
    const [b, a, c] = t.columns.slice(1);
    expect(Array.from(columnPlaces(t, [a!, b!, c!]).positions)).toEqual([1, 0, 2]);
  });

  it('the wrong number of rows is refused; rows naming other samples are warned about', () => {
    expect(errorOf(() => joinDesign({ ...meta('file'), columns: meta().columns.map((c) => ({ ...c, values: c.values.slice(0, 2) })) }, ids, ids)).message).toBe(
      'The sample table “meta.csv” has 2 rows and the data 3 samples: a join in file order needs one row per sample; match them by names instead.',
    );
    const crossed = table('meta.csv', { name: ['bcmk1', 'bcmk10', 'bcmk11'], status: ['a', 'b', 'c'] });
    const { warnings } = joinDesign({ ...crossed, order: 'file' }, ids, ids);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/^Joined in file order as chosen, but 3 samples get a row of “meta.csv” that names another sample: “bcmk10” gets row 1 \(“bcmk1”\), not row 2;/);
  });

  it('not chosen, a table matching nothing is never joined by position', () => {
    expect(errorOf(() => joinDesign(meta(), ids, ids)).code).toBe('design-unmatched');
  });
});

describe('groups from the sample names', () => {
  it('the part before a replicate number', () => {
    const cases: [string, string | null][] = [
      ['12500amol_1', '12500amol'],
      ['UPS1_50amol_R1.raw', 'UPS1_50amol'],
      ['H1', 'H'],
      ['BGS-S4-1', 'BGS-S4'],
      ['ctrl rep2', 'ctrl'],
      ['KO.Rep.3', 'KO'],
      ['/data/run/WT_R2.raw', 'WT'],
      ['126', null],
      ['127N', null],
      // Numbers are measurements, not names (an ADAT's NormScale_20 column): 0.98765 is no group 0 with replicate 98765.
      ['0.98765', null],
      ['1.5e3', null],
      ['-2', null],
    ];
    for (const [name, group] of cases) expect([name, groupOfName(name)]).toEqual([name, group]);
  });

  it('offered only for 2 groups or more, each of 2 samples or more', () => {
    expect(groupsFromNames(['H1', 'H2', 'L1', 'L2', 'N1', 'N2'])).toEqual(['H', 'H', 'L', 'L', 'N', 'N']);
    expect(groupsFromNames(['F1', 'F2', 'F3'])).toBeNull(); // one group
    expect(groupsFromNames(['P1', 'P2', 'Q1'])).toBeNull(); // a group of one
    expect(groupsFromNames(['A1', 'A2', 'Pool', 'B1', 'B2'])).toBeNull(); // a name without a replicate number
  });

  it('the part all groups share is taken off (UPS1_50amol_R1.raw → 50amol), at a word boundary, never to nothing', () => {
    const ups = ['UPS1_50amol_R1.raw', 'UPS1_50amol_R2.raw', 'UPS1_125amol_R1.raw', 'UPS1_125amol_R2.raw'];
    expect(groupsFromNames(ups)).toEqual(['50amol', '50amol', '125amol', '125amol']);
    // A suffix too: WT_liver_1 … KO_liver_2 → WT, KO.
    expect(groupsFromNames(['WT_liver_1', 'WT_liver_2', 'KO_liver_1', 'KO_liver_2'])).toEqual(['WT', 'WT', 'KO', 'KO']);
    // Inside a word nothing is cut: ctrlA, ctrlB stay whole.
    expect(groupsFromNames(['ctrlA_1', 'ctrlA_2', 'ctrlB_1', 'ctrlB_2'])).toEqual(['ctrlA', 'ctrlA', 'ctrlB', 'ctrlB']);
  });

  it('with a sample table: from its first column naming each sample once with replicate numbers (PD Input Files)', () => {
    const annotations = { 'File ID': ['F1', 'F2', 'F3', 'F4'], 'File Name': ['D:\\r\\UPS1_50amol_R1.raw', 'D:\\r\\UPS1_50amol_R2.raw', 'D:\\r\\UPS1_125amol_R1.raw', 'D:\\r\\UPS1_125amol_R2.raw'] };
    expect(offeredGroups(['F1', 'F2', 'F3', 'F4'], { annotations, columns: ['File ID', 'File Name'] })).toEqual({
      name: 'group (from File Name)',
      groups: ['50amol', '50amol', '125amol', '125amol'],
    });
    // A measured column before it (distinct numbers, one per sample) is passed over.
    const measured = { ...annotations, NormScale: ['0.981', '1.023', '0.954', '1.102'] };
    expect(offeredGroups(['F1', 'F2', 'F3', 'F4'], { annotations: measured, columns: ['NormScale', 'File Name'] })?.name).toBe('group (from File Name)');
  });

  it('through the mapping: an annotation without a sample table, none with one; the valid-value proposal filters per group', () => {
    const csv = ['protein,12500amol_1,12500amol_2,50amol_1,50amol_2', 'P1,1,2,,', 'P2,1,2,3,4', 'P3,,,3,4'].join('\n') + '\n';
    const t = parseTable(new TextEncoder().encode(csv), 'ups.csv');
    const mapping = emptyColumnsMapping({ sampleColumns: t.columns.slice(1).map((c) => c.name), featureLabelColumns: ['protein'] });
    const data = prepare(t, mapping);
    // Beside the name parts (formats/naming.ts), the groups the names carry.
    expect(data.annotations[NAME_GROUP]).toEqual(['12500amol', '12500amol', '50amol', '50amol']);
    const design = table('d.csv', { sample: ['12500amol_1', '12500amol_2', '50amol_1', '50amol_2'], amount: ['high', 'high', 'low', 'low'] });
    const joined = prepare(t, { ...mapping, design }).annotations;
    expect(joined.amount).toEqual(['high', 'high', 'low', 'low']);
    expect(joined[NAME_GROUP]).toBeUndefined();
  });
});

describe('groups from names without the batch they name (a two-site TMT labels its channels site-level-replicate)', () => {
  // Hand-checked: the names BGS-S4-1 … give the groups BGS-S4 …; the annotation "experiment" (a batch word) holds
  // BGS or FLI, a whole word of each group, so the groups left are the levels S4, S2 and POOL-S5, 4 samples each.
  const names = ['BGS-S4-1', 'BGS-S2-1', 'POOL-BGS-S5-1', 'BGS-S4-2', 'BGS-S2-2', 'POOL-BGS-S5-2', 'FLI-S4-1', 'FLI-S2-1', 'POOL-FLI-S5-1', 'FLI-S4-2', 'FLI-S2-2', 'POOL-FLI-S5-2'];
  const experiment = names.map((n) => (n.includes('BGS') ? 'BGS' : 'FLI'));
  it('takes the batch word out: BGS-S4 → S4, POOL-BGS-S5 → POOL-S5', () => {
    const groups = groupsFromNames(names)!;
    expect(groups.slice(0, 3)).toEqual(['BGS-S4', 'BGS-S2', 'POOL-BGS-S5']);
    expect(withoutBatchWords(groups, { experiment })).toEqual(['S4', 'S2', 'POOL-S5', 'S4', 'S2', 'POOL-S5', 'S4', 'S2', 'POOL-S5', 'S4', 'S2', 'POOL-S5']);
  });
  it('keeps the groups when the annotation is no batch, has one value, is not a word of every group, or would leave groups of one', () => {
    const groups = groupsFromNames(names)!;
    expect(withoutBatchWords(groups, { tissue: experiment })).toEqual(groups); // not a batch word
    expect(withoutBatchWords(groups, { experiment: names.map(() => 'BGS') })).toEqual(groups); // one value
    expect(withoutBatchWords(groups, { site: experiment.map((v, i) => (i === 0 ? 'XYZ' : v)) })).toEqual(groups); // not in BGS-S4
    // S4 / S2 split by batch into groups of one once the batch word goes: kept as they were.
    const few = ['A-S4', 'B-S4', 'A-S2', 'B-S2'];
    expect(withoutBatchWords(few, { plex: ['A', 'A', 'B', 'B'] })).toEqual(few);
  });
});
