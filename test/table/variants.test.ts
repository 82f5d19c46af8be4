/**
 * Issue 25, "Naming variants": small tables written in each documented variant of the tools' protein exports
 * (MaxQuant TMT old and new naming, an experiment suffix, iTRAQ, headers rewritten by R; FragPipe's older
 * Philosopher report; TMT-Integrator; Proteome Discoverer with and without colons; lines above the header with
 * a label row; AlphaDIA; AlphaPept; Spectronaut; Perseus; DIA-NN with clean run names). Each must give the
 * right sample count and names, and no statistic column among the samples. Expected values are written out
 * from the headers by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { prepare } from '../../core/prepare/index.js';
import { layoutAs, recognizeLayout } from '../../core/table/formats/recognize.js';
import { parseTable, type Table } from '../../core/table/index.js';
import { sniffDelimiter } from '../../core/table/sniff.js';
import { errorOf } from '../skfr-error.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const tsv = (rows: (string | number)[][], name = 'proteins.txt'): Table => parseTable(enc(rows.map((r) => r.join('\t')).join('\n') + '\n'), name);

/** A raw intensity, different in every cell, never a whole number: 1.5e6 × (1 + ((7 r + 13 c) mod 17)) + 0.25. */
const intensity = (r: number, c: number): number => 1.5e6 * (1 + ((7 * r + 13 * c) % 17)) + 0.25;
/** A log2 value around 25. */
const log2v = (r: number, c: number): number => 20 + ((5 * r + 3 * c) % 11) + 0.125;
/** A small count. */
const count = (r: number, c: number): number => (r + c) % 9;

/** Rows of `n` proteins: the id cells then one value per column from `cells(r, c)`. */
function body(n: number, ids: (r: number) => (string | number)[], columns: ((r: number) => string | number)[]): (string | number)[][] {
  return Array.from({ length: n }, (_, r) => [...ids(r), ...columns.map((f) => f(r))]);
}

/** The samples, their names, the quantity and the annotations a table opens with (recognition + preparation with no steps). */
function open(table: Table) {
  const layout = recognizeLayout(table);
  const data = prepare(table, layout.mapping, { steps: [] }, { format: layout.format });
  return { layout, data, samples: layout.mapping.sampleColumns ?? [], names: data.sampleIds };
}

describe('MaxQuant TMT and iTRAQ (reporter channels win over the per-experiment Intensity)', () => {
  it('old naming: Reporter intensity 0..3 (no “corrected”), counts and the MS1 intensity beside them', () => {
    const channels = [0, 1, 2, 3];
    const header = ['Protein IDs', 'Majority protein IDs', 'Gene names', 'Peptides', 'Intensity', ...channels.map((k) => `Reporter intensity ${k}`),
      ...channels.map((k) => `Reporter intensity count ${k}`), 'Reverse', 'Potential contaminant'];
    const t = tsv([header, ...body(12, (r) => [`P${10000 + r}`, `P${10000 + r}`, `G${r}`, 3, intensity(r, 99)], [
      ...channels.map((k) => (r: number) => intensity(r, k)), ...channels.map((k) => (r: number) => count(r, k)), () => '', () => ''])]);
    const { layout, samples, names } = open(t);
    expect(layout.format).toBe('maxquant');
    expect(layout.quantity).toBe('Reporter intensity');
    // 4 channels; the counts (ions behind each channel) and `Intensity` (one MS1 sum) are no samples.
    expect(samples).toEqual(channels.map((k) => `Reporter intensity ${k}`));
    expect(names).toEqual(['0', '1', '2', '3']);
  });

  it('new naming with an experiment suffix: 2 plexes × 10 channels, the totals over experiments left out, channel and experiment as annotations', () => {
    const ch = Array.from({ length: 10 }, (_, k) => k + 1);
    const exps = ['01', '02'];
    // Per experiment e and channel k the value is intensity(r, 10 e + k); the total column is their sum.
    const perExp = exps.flatMap((e, ei) => ch.map((k) => ({ name: `Reporter intensity corrected ${k} ${e}`, f: (r: number) => intensity(r, 10 * ei + k) })));
    const totals = ch.map((k) => ({ name: `Reporter intensity corrected ${k}`, f: (r: number) => intensity(r, k) + intensity(r, 10 + k) }));
    const header = ['Majority protein IDs', 'Gene names', 'Score', 'Q-value', ...totals.map((x) => x.name), ...perExp.map((x) => x.name),
      'Reporter intensity count 1 01', 'Reporter intensity 1 01', 'Intensity 01', 'Intensity 02', 'Razor + unique peptides 01', 'Razor + unique peptides 02'];
    const t = tsv([header, ...body(15, (r) => [`Q${20000 + r}`, `G${r}`, 50 + r, 0.001, ], [
      ...totals.map((x) => x.f), ...perExp.map((x) => x.f), (r) => count(r, 1), (r) => intensity(r, 77), (r) => intensity(r, 88), (r) => intensity(r, 89),
      (r) => count(r, 2), (r) => count(r, 3)])]);
    const { layout, data, samples, names } = open(t);
    expect(layout.quantity).toBe('Reporter intensity corrected');
    expect(samples).toEqual(perExp.map((x) => x.name));
    expect(names).toEqual(exps.flatMap((e) => ch.map((k) => `${k} ${e}`)));
    expect(data.annotations.channel).toEqual([...ch, ...ch].map(String));
    expect(data.annotations.experiment).toEqual([...Array(10).fill('01'), ...Array(10).fill('02')]);
    // The per-experiment `Intensity 01`, `Intensity 02` are offered, never first.
    expect(layout.quantities.map((q) => q.name)).toContain('Intensity');
    expect(layout.quantities[0]!.columns).toHaveLength(20);
  });

  it('a 10-plex from one experiment: 10 samples (not the one “Intensity EXP” column), named by their channel', () => {
    const ch = Array.from({ length: 10 }, (_, k) => k + 1);
    const header = ['Majority protein IDs', 'Gene names', ...ch.map((k) => `Reporter intensity corrected ${k} TMT1`), 'Intensity TMT1', 'Peptides TMT1'];
    const t = tsv([header, ...body(10, (r) => [`P${30000 + r}`, `G${r}`], [...ch.map((k) => (r: number) => intensity(r, k)), (r) => intensity(r, 50), (r) => count(r, 0)])]);
    const { samples, names, data } = open(t);
    expect(samples).toHaveLength(10);
    expect(names).toEqual(ch.map(String));
    // One experiment: its name is no annotation (one value), the channel neither (each on one sample).
    expect(data.annotations).toEqual({});
  });

  it('iTRAQ 8-plex in 2 experiments: 16 samples', () => {
    const ch = Array.from({ length: 8 }, (_, k) => k);
    const cols = ['A', 'B'].flatMap((e) => ch.map((k) => `Reporter intensity corrected ${k} ${e}`));
    const t = tsv([['Majority protein IDs', 'Gene names', ...cols], ...body(10, (r) => [`P${40000 + r}`, `G${r}`], cols.map((_, c) => (r: number) => intensity(r, c)))]);
    const { samples, data } = open(t);
    expect(samples).toEqual(cols);
    expect(data.annotations.experiment).toEqual([...Array(8).fill('A'), ...Array(8).fill('B')]);
  });
});

describe('headers rewritten by R (dots) or a cleaner (underscores)', () => {
  for (const sep of ['.', '_']) {
    it(`“LFQ${sep}intensity${sep}C_R1”, “Potential${sep}contaminant”, “Majority${sep}protein${sep}IDs”: a MaxQuant table, samples C_R1 …`, () => {
      const s = (name: string) => name.replace(/ /g, sep);
      const samples = ['C_R1', 'C_R2', 'T_R1', 'T_R2'];
      const header = ['Protein IDs', 'Majority protein IDs', 'Gene names', 'Number of proteins', 'Q-value', 'Score', ...samples.map((x) => `LFQ intensity ${x}`),
        ...samples.map((x) => `Intensity ${x}`), 'Reverse', 'Potential contaminant'].map(s);
      const t = tsv([header, ...body(12, (r) => [`P${50000 + r}`, r === 0 ? 'CON__P1' : `P${50000 + r}`, `G${r}`, 1, 0.001, 10 + r], [
        ...samples.map((_, c) => (r: number) => intensity(r, c)), ...samples.map((_, c) => (r: number) => intensity(r, c + 4)), (r) => (r === 1 ? '+' : ''), (r) => (r === 2 ? '+' : '')])]);
      const { layout, names, data } = open(t);
      expect(layout.format).toBe('maxquant');
      expect(layout.quantity).toBe('LFQ intensity');
      expect(names).toEqual(samples);
      expect(layout.recipe.steps.filter((x) => x.kind === 'remove-flagged').map((x) => (x.kind === 'remove-flagged' ? x.markerColumn : null))).toEqual([s('Reverse'), s('Potential contaminant')]);
      expect(data.featureNames[0]).toBe('G0');
      // Prepared with the format's steps: the decoy (row 1) and the contaminant marked (row 2) and by id (row 0) out.
      const prepared = prepare(t, layout.mapping, layout.recipe, { format: layout.format });
      expect(prepared.matrix.cols).toBe(9);
    });
  }
});

describe('FragPipe', () => {
  it('the older Philosopher report: Total / Unique / Razor spectral counts and intensities per sample; razor intensity first', () => {
    const samples = ['ctrl_1', 'ctrl_2', 'ko_1'];
    const kinds = ['Total Spectral Count', 'Unique Spectral Count', 'Razor Spectral Count', 'Total Intensity', 'Unique Intensity', 'Razor Intensity'];
    const header = ['Protein Group', 'SubGroup', 'Protein ID', 'Entry Name', 'Gene Names', 'Protein Length', 'Protein Probability', 'Top Peptide Probability',
      'Unique Stripped Peptides', 'Total Peptide Ions', ...samples.flatMap((x) => kinds.map((k) => `${x} ${k}`)), 'Indistinguishable Proteins'];
    const t = tsv([header, ...body(12, (r) => [r + 1, `${r + 1}a`, `P${60000 + r}`, `X${r}_HUMAN`, `G${r}`, 300 + r, 0.99, 0.98, 4, 7], [
      ...samples.flatMap((_, si) => kinds.map((k, ki) => (r: number) => (k.includes('Count') ? count(r, ki) : intensity(r, 10 * si + ki)))), () => ''])]);
    const { layout, samples: columns, names } = open(t);
    expect(layout.format).toBe('fragpipe');
    expect(layout.quantity).toBe('Razor Intensity');
    expect(columns).toEqual(samples.map((x) => `${x} Razor Intensity`));
    expect(names).toEqual(samples);
    expect(layout.quantities.map((q) => q.name)).toEqual(['Razor Intensity', 'Unique Intensity', 'Total Intensity', 'Razor Spectral Count', 'Unique Spectral Count', 'Total Spectral Count']);
  });

  it('TMT-Integrator ratio and abundance tables: the samples are the columns after ReferenceIntensity', () => {
    const samples = ['b1_126', 'b1_127N', 'b1_127C', 'b2_126', 'b2_127N', 'b2_127C'];
    for (const kind of ['ratio', 'abundance'] as const) {
      // log2 ratios to the reference (around 0, negatives) or log2 abundances (around 20).
      const value = (r: number, c: number) => (kind === 'ratio' ? ((3 * r + 5 * c) % 7) / 4 - 0.75 : log2v(r, c));
      const t = tsv([['Index', 'Gene', 'NumberPSM', 'ProteinID', 'MaxPepProb', 'ReferenceIntensity', ...samples],
        ...body(14, (r) => [`G${r}`, `G${r}`, 3 + (r % 5), `P${70000 + r}`, 0.95 + r / 1000, 1e6 + 1000 * r + 0.5], samples.map((_, c) => (r: number) => value(r, c)))],
      `${kind}_protein_MD.tsv`);
      const { layout, samples: columns, names } = open(t);
      expect(columns, kind).toEqual(samples);
      expect(names).toEqual(samples);
      // The gene names the proteins, then the protein id.
      expect(layout.mapping.featureLabelColumns).toEqual(['Gene', 'ProteinID']);
    }
  });
});

describe('Proteome Discoverer', () => {
  const channels = ['126', '127N', '127C', '128N', '128C', '129N'];

  it('with colons (TMT, one file): normalised abundances first; ratios, counts and grouped abundances are no samples; masters only; contaminants flagged', () => {
    const header = ['Checked', 'Master', 'Accession', 'Description', 'Contaminant', 'Marked as', '# Peptides', '# PSMs', 'Coverage [%]', 'MW [kDa]', 'calc. pI',
      'Score Sequest HT: Sequest HT', ...channels.map((c) => `Abundance: F1: ${c}, Sample`), ...channels.map((c) => `Abundances (Normalized): F1: ${c}, Sample`),
      ...channels.slice(1).map((c) => `Abundance Ratio: (${c}) / (126)`), ...channels.slice(1).map((c) => `Abundance Ratio P-Value: (${c}) / (126)`),
      ...channels.map((c) => `Abundances (Grouped): ${c}`), ...channels.map((c) => `Abundances Count: F1: ${c}, Sample`)];
    // Row 3 is a master protein candidate (same group as row 2), row 4 a contaminant.
    const t = tsv([header, ...body(12, (r) => ['False', r === 3 ? 'IsMasterProteinCandidate' : 'IsMasterProtein', `P${80000 + r}`,
      `Protein ${r} OS=Homo sapiens OX=9606 GN=GENE${r} PE=1 SV=1`, r === 4 ? 'True' : 'False', '', 5, 9, 30, 50.5, 6.1, 100 + r], [
      ...channels.map((_, c) => (r: number) => intensity(r, c)), ...channels.map((_, c) => (r: number) => intensity(r, c + 10)),
      ...channels.slice(1).map((_, c) => (r: number) => 0.5 + ((r + c) % 5) / 3), ...channels.slice(1).map(() => () => 0.04),
      ...channels.map((_, c) => (r: number) => intensity(r, c + 20)), ...channels.map(() => () => 3)])], 'study_Proteins.txt');
    const { layout, samples, names, data } = open(t);
    expect(layout.format).toBe('proteome-discoverer');
    expect(layout.quantity).toBe('Abundances (Normalized)');
    expect(samples).toEqual(channels.map((c) => `Abundances (Normalized): F1: ${c}, Sample`));
    // One file: the channel names the sample.
    expect(names).toEqual(channels);
    expect(layout.quantities.map((q) => q.name)).toEqual(['Abundances (Normalized)', 'Abundance', 'Abundances (Grouped)']);
    expect(data.featureNames.slice(0, 2)).toEqual(['GENE0', 'GENE1']);
    const steps = layout.recipe.steps.filter((s) => s.kind === 'remove-flagged');
    expect(steps.map((s) => (s.kind === 'remove-flagged' ? [s.flag, s.markerColumn, s.markerValues] : null))).toEqual([
      ['contaminant', 'Contaminant', ['True']],
      ['not-master', 'Master', ['IsMasterProteinCandidate']],
    ]);
    const prepared = prepare(t, layout.mapping, layout.recipe, { format: layout.format });
    expect(prepared.preparation!.filter((s) => s.step === 'remove-flagged').map((s) => s.count)).toEqual([1, 1]);
    expect(prepared.featureNames).not.toContain('GENE3');
    expect(prepared.featureNames).not.toContain('GENE4');
  });

  it('R-friendly names without colons (label-free): samples F1, F2, F3; study factor values after the sample type become annotations', () => {
    const files = ['F1', 'F2', 'F3', 'F4'];
    const factor = ['Wild', 'Wild', 'KO', 'KO'];
    const header = ['Accession', 'Description', 'Exp.q.value.Combined', 'Contaminant', 'Number.of.PSMs',
      ...files.map((f, i) => `Abundances.Normalized.${f}.Sample.${factor[i]}`), ...files.map((f, i) => `Abundance.${f}.Sample.${factor[i]}`),
      ...files.map((f, i) => `Found.in.Sample.in.S${i + 1}.${f}.Sample`)];
    const t = tsv([header, ...body(10, (r) => [`Q${81000 + r}`, `Protein ${r} OS=Mus musculus GN=Gm${r}`, 0, 'False', 7], [
      ...files.map((_, c) => (r: number) => intensity(r, c)), ...files.map((_, c) => (r: number) => intensity(r, c + 5)), ...files.map(() => () => 'High')])]);
    const { layout, names, data } = open(t);
    expect(layout.format).toBe('proteome-discoverer');
    expect(layout.quantity).toBe('Abundances (Normalized)');
    expect(names).toEqual(files);
    expect(data.annotations['study factor 1']).toEqual(factor);
  });
});

describe('lines above the header, with a row of sample labels', () => {
  /** A PAW-style summary: a title, a quoted program line, a blank line, the labels, the header, the data. */
  function paw(labels: string[]): Table {
    const channels = ['126', '127N', '127C', '128N'];
    const plexes = ['A', 'B'];
    const quant = plexes.flatMap((p) => channels.map((c) => `TotInt_${c}_${p}`));
    const lead = ['ProtGroup', 'Counter', 'Accession', 'Filter', 'Coverage', 'SeqLength', 'MW', 'Description', 'CountsTot', 'Total_A', 'Total_B', 'PSMs_Used_A'];
    const lines = [
      ['New PAW TMT results file!'],
      ['"Program ""PAW_protein_grouper.py"" run on Mon Feb 13 18:36:31 2023"'],
      [' '],
      [...lead.map(() => ''), ...labels],
      [...lead, ...quant],
      ...body(12, (r) => [r + 1, 1, r === 0 ? 'REV_P1' : `sp|P${82000 + r}|X_MOUSE`, r === 0 ? 'reversed' : r === 1 ? 'contaminant' : ' ', 40, 300, 33000,
        `Protein ${r} OS=Mus musculus GN=Gene${r} PE=1`, 9, 4, 5, 3], quant.map((_, c) => (r: number) => intensity(r, c))),
    ];
    // Every line as wide as the header, as the given file (re-saved by Excel) has them.
    const width = lead.length + quant.length;
    return parseTable(enc(lines.map((l) => [...l, ...Array(width - l.length).fill('')].join('\t')).join('\r\n') + '\r\n'), 'labeled_grouped_protein_summary_TMT_9.txt');
  }

  it('the labels name the samples, a channel labelled “unused” is left out and said, the plex is an annotation, flags from “Filter”', () => {
    const labels = ['S1-1', 'S2-1', 'S3-1', 'unused', 'S1-2', 'S2-2', 'S3-2', 'unused'];
    const t = paw(labels);
    expect(t.headerRow).toBe(5);
    expect(t.labelRow?.row).toBe(4);
    expect(t.titleRows).toEqual(['New PAW TMT results file!', 'Program "PAW_protein_grouper.py" run on Mon Feb 13 18:36:31 2023']);
    const { layout, names, samples, data } = open(t);
    expect(layout.format).toBe('paw');
    expect(samples).toEqual(['TotInt_126_A', 'TotInt_127N_A', 'TotInt_127C_A', 'TotInt_126_B', 'TotInt_127N_B', 'TotInt_127C_B']);
    expect(names).toEqual(['S1-1', 'S2-1', 'S3-1', 'S1-2', 'S2-2', 'S3-2']);
    expect(layout.notes?.[0]).toBe('2 columns “TotInt_128N_A” and “TotInt_128N_B” are labelled “unused” in row 4: not samples, left out.');
    expect(data.annotations.experiment).toEqual(['A', 'A', 'A', 'B', 'B', 'B']);
    expect(data.annotations.channel).toEqual(['126', '127N', '127C', '126', '127N', '127C']);
    const prepared = prepare(t, layout.mapping, layout.recipe, { format: layout.format });
    // Row 1 reversed (Filter and REV_ prefix), row 2 a contaminant: 10 proteins left.
    expect(prepared.preparation!.filter((s) => s.step === 'remove-flagged').map((s) => s.count)).toEqual([1, 1]);
    expect(prepared.featureNames[0]).toBe('Gene2');
  });

  it('title lines written without any delimiter (as a program writes them, not Excel) are titles too', () => {
    // The sniffer judges the delimiter on the field count most rows share, not on the first line's.
    expect(sniffDelimiter(enc('Samples Report\nExperiment: x\n\nA\tB\tC\n1\t2\t3\n4\t5\t6\n'), 'report.txt')).toBe('\t');
    expect(sniffDelimiter(enc('a;b\n1,5;2\n'), 'x.csv')).toBe(';');
    const lines = ['New PAW TMT results file!', 'Program "PAW_protein_grouper.py" run on Mon Feb 13 18:36:31 2023', '', '\t\tS1-1\tS2-1\tunused',
      'Accession\tDescription\tTotInt_126_A\tTotInt_127N_A\tTotInt_127C_A',
      ...Array.from({ length: 8 }, (_, r) => [`sp|P${91000 + r}|Z_MOUSE`, `Protein GN=Z${r}`, intensity(r, 0), intensity(r, 1), intensity(r, 2)].join('\t'))];
    const t = parseTable(enc(lines.join('\n') + '\n'), 'protein_summary.txt');
    expect(t.headerRow).toBe(5);
    expect(t.titleRows).toHaveLength(2);
    expect(open(t).names).toEqual(['S1-1', 'S2-1']);
  });

  it('given the header row (as the reproduce command does), the label row is found the same', () => {
    const bytes = enc(['New PAW TMT results file!\t\t\t', '', ['', '', 'a1', 'a2'].join('\t'), ['Accession', 'Description', 'TotInt_126_A', 'TotInt_127N_A'].join('\t'),
      ...Array.from({ length: 6 }, (_, r) => [`sp|P${83000 + r}|Y_MOUSE`, `GN=G${r}`, intensity(r, 0), intensity(r, 1)].join('\t'))].join('\n') + '\n');
    const detected = parseTable(bytes, 'x.txt');
    const given = parseTable(bytes, 'x.txt', { headerRow: 4 });
    expect(detected.headerRow).toBe(4);
    expect(given.labelRow).toEqual(detected.labelRow);
    expect(given.labelRow).toEqual({ row: 3, cells: [null, null, 'a1', 'a2'] });
  });
});

describe('other tools', () => {
  it('AlphaDIA: a `pg` column and one column per run is proteins × runs (not 10 000 samples)', () => {
    const runs = ['20240101_HeLa_01', '20240101_HeLa_02', '20240101_HeLa_03', '20240101_HeLa_04'];
    const t = tsv([['pg', ...runs], ...body(40, (r) => [`P${84000 + r};Q${84000 + r}`], runs.map((_, c) => (r: number) => intensity(r, c)))], 'pg.matrix.tsv');
    const { layout, names, data } = open(t);
    expect(layout.mapping.orientation).toBe('samples-as-columns');
    expect(names).toEqual(runs);
    expect(data.matrix.cols).toBe(40);
  });

  it('AlphaPept: `A_LFQ, B_LFQ` (LFQ) is the quantity, the bare `A, B` another', () => {
    const lines = [',A,B,A_LFQ,B_LFQ', ...Array.from({ length: 20 }, (_, r) => `sp|P${85000 + r}|X${r}_HUMAN,${intensity(r, 0)},${intensity(r, 1)},${intensity(r, 2)},${intensity(r, 3)}`)];
    const t = parseTable(enc(lines.join('\n') + '\n'), 'results_proteins.csv');
    const { layout, samples, names } = open(t);
    expect(samples).toEqual(['A_LFQ', 'B_LFQ']);
    expect(names).toEqual(['A', 'B']);
    expect(layout.quantities.map((q) => q.columns)).toEqual([['A_LFQ', 'B_LFQ'], ['A', 'B']]);
  });

  it('Spectronaut: `[n] X.raw.PG.Quantity` and `X.PG.Quantity` name the samples X; per-run q-values are no samples', () => {
    for (const style of ['indexed', 'plain'] as const) {
      const runs = ['Control_1', 'Control_2', 'Treated_1'];
      const q = (x: string, i: number, what: string) => (style === 'indexed' ? `[${i + 1}] ${x}.raw.PG.${what}` : `${x}.PG.${what}`);
      const t = tsv([['PG.ProteinGroups', 'PG.Genes', ...runs.map((x, i) => q(x, i, 'Quantity')), ...runs.map((x, i) => q(x, i, 'Qvalue'))],
        ...body(10, (r) => [`P${86000 + r}`, `G${r}`], [...runs.map((_, c) => (r: number) => intensity(r, c)), ...runs.map(() => () => 0.001)])], 'Report.tsv');
      const { layout, names, samples } = open(t);
      expect(layout.format, style).toBe('spectronaut');
      expect(names).toEqual(runs);
      expect(samples.every((s) => s.endsWith('.PG.Quantity'))).toBe(true);
    }
  });

  it('Perseus: a matrix made from MaxQuant names its samples without the quantity prefix', () => {
    const samples = ['6A_1', '6A_2', '6B_1'];
    const text = ['T: Gene names\tT: Majority protein IDs\t' + samples.map((x) => `LFQ intensity ${x}`).join('\t'),
      '#!{Type}T\tT\t' + samples.map(() => 'E').join('\t'),
      ...Array.from({ length: 8 }, (_, r) => [`G${r}`, `P${87000 + r}`, ...samples.map((_, c) => log2v(r, c))].join('\t'))].join('\n') + '\n';
    const { layout, names } = open(parseTable(enc(text), 'matrix.txt'));
    expect(layout.format).toBe('perseus');
    expect(names).toEqual(samples);
  });

  it('DIA-NN 2 with run names already cleaned of paths: the runs, not N.Sequences nor the q-values', () => {
    const runs = ['run01', 'run02', 'run03'];
    const t = tsv([['Protein.Group', 'Protein.Names', 'Genes', 'First.Protein.Description', 'N.Sequences', 'N.Proteotypic.Sequences', ...runs],
      ...body(10, (r) => [`P${88000 + r}`, `X${r}_HUMAN`, `G${r}`, 'd', 3, 2], runs.map((_, c) => (r: number) => intensity(r, c)))], 'report.pg_matrix.tsv');
    const { layout, names } = open(t);
    expect(layout.format).toBe('diann');
    expect(names).toEqual(runs);
  });
});

describe('an unknown protein table: statistics never among the samples', () => {
  it('by name (peptides, coverage, MW, p-value, fold change, mean, CV) and by value (a row index, probabilities)', () => {
    const samples = ['KO_1', 'KO_2', 'WT_1', 'WT_2'];
    const header = ['Protein', 'Gene', 'Rank', 'No', 'Peptides', 'Coverage', 'MW', ...samples, 'Mean_KO', 'Mean_WT', 'CV', 'log2FC', 'p-value', 'adj p', 'Prob'];
    const t = tsv([header, ...body(30, (r) => [`P${89000 + r}`, `G${r}`], [
      (r) => r + 1, (r) => r + 1, (r) => count(r, 0) + 1, (r) => 10 + r, (r) => 40 + r / 3, ...samples.map((_, c) => (r: number) => intensity(r, c)),
      (r) => intensity(r, 8), (r) => intensity(r, 9), (r) => 0.1 + r / 1000, (r) => r / 10 - 1.5, (r) => r / 31, (r) => r / 30.5, (r) => 0.5 + r / 100])]);
    const { layout, samples: columns, names } = open(t);
    expect(columns).toEqual(samples);
    expect(names).toEqual(samples);
    expect(layout.format).toBe('table');
  });

  it('a table of test results is refused in one sentence', () => {
    const t = tsv([['Gene', 'logFC', 'AveExpr', 't', 'P.Value', 'adj.P.Val', 'B'], ...body(20, (r) => [`G${r}`], [
      (r) => r / 5 - 2, (r) => 20 + r / 7, (r) => r / 2 - 5, (r) => r / 21, (r) => r / 20.5, (r) => r / 3 - 3])], 'limma.tsv');
    expect(errorOf(() => recognizeLayout(t)).message).toBe('“limma.tsv” holds the results of a statistical test, not measurements; choose a table of measurements.');
    // Read as a table of no known tool when the user says so (--format table).
    expect(layoutAs(t, 'table')).not.toBeNull();
  });

  it('single-letter samples are samples when no test result is beside them (limma’s t and B are statistics only there)', () => {
    const t = tsv([['Protein', 'A', 'B', 'T'], ...body(10, (r) => [`P${90000 + r}`], [(r) => intensity(r, 0), (r) => intensity(r, 1), (r) => intensity(r, 2)])]);
    expect(open(t).names).toEqual(['A', 'B', 'T']);
  });
});

describe('sample names cleaned for people, and still matching a sample table', () => {
  /** Join `design` (a table of one `Run` column holding `runs`, and a `group` column) to the table's samples. */
  function joined(table: Table, runs: string[]) {
    const layout = recognizeLayout(table);
    const design = { source: 'samples.csv', sampleColumn: null, columns: [{ name: 'Run', values: runs }, { name: 'group', values: runs.map((_, i) => `g${i % 2}`) }] };
    const data = prepare(table, { ...layout.mapping, design }, { steps: [] }, { format: layout.format });
    return { layout, data };
  }

  // DIA-NN 1.x names each run's column by the run's full path, whatever the instrument's file type.
  const paths = ['D:\\DIA\\2023\\run_A1.raw', '/data/bruker/run_A2.d', '/mnt/conv/run_B1.mzML', 'C:\\sciex\\run_B2.wiff', '/gpfs/x/run_C1.raw.dia'];
  const names = ['run_A1', 'run_A2', 'run_B1', 'run_B2', 'run_C1'];
  const diann1 = () => tsv([['Protein.Group', 'Protein.Ids', 'Protein.Names', 'Genes', 'First.Protein.Description', ...paths],
    ...body(12, (r) => [`P${91000 + r}`, `P${91000 + r}`, `X${r}_HUMAN`, `G${r}`, 'd'], paths.map((_, c) => (r: number) => intensity(r, c)))], 'report.pg_matrix.tsv');

  it('DIA-NN 1.x runs named by their full paths (.raw, .d, .mzML, .wiff, .raw.dia; Windows and POSIX): the file names, no description column among them', () => {
    const { layout, names: ids, samples } = open(diann1());
    expect(layout.format).toBe('diann');
    expect(samples).toEqual(paths);
    expect(ids).toEqual(names);
  });

  it('a sample table naming the runs without extensions, with them, or by their full paths joins every sample', () => {
    for (const runs of [names, paths.map((p) => p.split(/[\\/]/).pop()!), paths, names.map((n) => n.toUpperCase())]) {
      const { data } = joined(diann1(), runs);
      expect(data.sampleIds, runs[0]).toEqual(names);
      expect(data.design?.matched, runs[0]).toBe(5);
      expect(data.annotations.group).toEqual(['g0', 'g1', 'g0', 'g1', 'g0']);
    }
  });

  it('Spectronaut `[n] X.raw.PG.Quantity`: samples X, and a sample table without “.raw” (or with it) joins them all', () => {
    const runs = ['Control_1', 'Control_2', 'Treated_1', 'Treated_2'];
    const t = () => tsv([['PG.ProteinGroups', 'PG.Genes', ...runs.map((x, i) => `[${i + 1}] ${x}.raw.PG.Quantity`)],
      ...body(10, (r) => [`P${92000 + r}`, `G${r}`], runs.map((_, c) => (r: number) => intensity(r, c)))], 'Report.tsv');
    expect(open(t()).names).toEqual(runs);
    for (const design of [runs, runs.map((x) => `${x}.raw`)]) {
      const { data } = joined(t(), design);
      expect(data.sampleIds).toEqual(runs);
      expect(data.design?.matched).toBe(4);
    }
  });

  it('quantity prefixes and suffixes go, the sample part stays whole (MaxQuant, FragPipe, Perseus `LFQ intensity 6A_1`)', () => {
    const mq = tsv([['Majority protein IDs', 'Gene names', 'Peptides', ...['6A_1', '6A_2', '6B_1'].map((x) => `LFQ intensity ${x}`)],
      ...body(10, (r) => [`P${93000 + r}`, `G${r}`, count(r, 0) + 1], [0, 1, 2].map((c) => (r: number) => intensity(r, c)))], 'proteinGroups.txt');
    expect(open(mq).names).toEqual(['6A_1', '6A_2', '6B_1']);
    const fp = tsv([['Protein', 'Protein ID', 'Entry Name', 'Gene', 'Protein Probability', ...['ctrl_1', 'ko_1'].flatMap((x) => [`${x} Spectral Count`, `${x} Intensity`, `${x} MaxLFQ Intensity`])],
      ...body(10, (r) => [`sp|P${94000 + r}|X_HUMAN`, `P${94000 + r}`, 'X_HUMAN', `G${r}`, 1], [0, 1].flatMap((c) => [(r: number) => count(r, c), (r: number) => intensity(r, c), (r: number) => intensity(r, c + 5)]))], 'combined_protein.tsv');
    const opened = open(fp);
    expect(opened.layout.quantity).toBe('MaxLFQ Intensity');
    expect(opened.names).toEqual(['ctrl_1', 'ko_1']);
  });
});
