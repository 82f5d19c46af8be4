/**
 * Layout recognition, sample names, sample-table joins and the preparation steps, on tiny hand-written tables
 * whose expected results are derived in the comments; then the real files of ../shared/data/real (the counts
 * taken from the files split by hand). The naming variants of the tools are in variants.test.ts.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepare } from '../../core/prepare/index.js';
import { joinDesign } from '../../core/table/design.js';
import { layoutAs, recognizeLayout, withQuantity } from '../../core/table/formats/recognize.js';
import { notesWith } from '../../core/table/formats/notes.js';
import { parseTable, type SampleTable, type Table } from '../../core/table/index.js';
import { cleanSampleName, commonAffixes, runName, sampleNamesFor } from '../../core/table/sample-names.js';
import { errorOf } from '../skfr-error.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const tsv = (rows: string[][], name = 'proteinGroups.txt'): Table => parseTable(enc(rows.map((r) => r.join('\t')).join('\n') + '\n'), name);
const REAL = new URL('../../../shared/data/real/', import.meta.url);
const real = (name: string): Table => parseTable(readFileSync(new URL(name, REAL)), name);

// A MaxQuant-like table: 4 protein groups × 3 LFQ samples (+ Intensity columns).
// Row 2 is a decoy (Reverse = +), row 3 a contaminant by its id only (CON__), row 4 two zeros, row 5 only zeros.
const MQ = [
  ['Majority protein IDs', 'Gene names', 'LFQ intensity A', 'LFQ intensity B', 'LFQ intensity C', 'Intensity A', 'Intensity B', 'Intensity C', 'Reverse', 'Potential contaminant'],
  ['P12345;P12346', 'Actb;Actg1', '100', '200', '300', '1', '2', '3', '', ''],
  ['REV__Q99999', '', '5', '6', '7', '1', '1', '1', '+', ''],
  ['CON__P02769', 'ALB', '8', '9', '10', '1', '1', '1', '', ''],
  ['Q11111', 'Actb', '0', '50', '0', '1', '1', '1', '', ''],
  ['Q22222', 'Tp53', '0', '0', '0', '1', '1', '1', '', ''],
];

describe('sample names', () => {
  it('drops the quantity prefix or suffix and reduces run paths to file names', () => {
    expect(cleanSampleName('LFQ intensity H1', { prefix: 'LFQ intensity ', suffix: '' })).toBe('H1');
    expect(cleanSampleName('control_1 MaxLFQ Intensity', { prefix: '', suffix: ' MaxLFQ Intensity' })).toBe('control_1');
    expect(cleanSampleName('[3] KO_1.PG.Quantity')).toBe('KO_1');
    expect(cleanSampleName('/gpfs/a/b/run_bcmk10.raw.dia')).toBe('run_bcmk10');
    expect(runName('C:\\data\\x\\S1.raw')).toBe('S1');
    // "L3/4 old L OAF" has a slash but is not a path (no run extension): kept.
    expect(cleanSampleName('LFQ intensity L3/4 old L OAF')).toBe('L3/4 old L OAF');
    expect(cleanSampleName('T: LFQ intensity X')).toBe('X');
  });

  it('shared affixes are cut at word boundaries and keep names distinct', () => {
    expect(commonAffixes(['Abund. S1 (norm)', 'Abund. S2 (norm)'])).toEqual({ prefix: 'Abund. ', suffix: ' (norm)' });
    // "Sample1", "Sample2": the shared "Sample" is not followed by a boundary, so nothing is cut.
    expect(commonAffixes(['Sample1', 'Sample2'])).toEqual({ prefix: '', suffix: '' });
    expect(sampleNamesFor(['x A', 'x A', 'x B'], { prefix: 'x ', suffix: '' })).toEqual(['A', 'A (2)', 'B']);
  });

  it('property: cleaned names of distinct columns sharing a prefix stay distinct and non-empty', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_]{1,8}$/), { minLength: 2, maxLength: 12 }), (names) => {
        const columns = names.map((n) => `LFQ intensity ${n}`);
        const clean = sampleNamesFor(columns, commonAffixes(columns));
        expect(new Set(clean).size).toBe(columns.length);
        expect(clean.every((c) => c.length > 0)).toBe(true);
        // With the quantity's own prefix (as MaxQuant's spec gives it) the names come back exactly.
        expect(sampleNamesFor(columns, { prefix: 'LFQ intensity ', suffix: '' })).toEqual(names);
      }),
    );
  });
});

describe('recognizeLayout', () => {
  it('MaxQuant: LFQ first, Intensity offered, flags and zeros in the recipe', () => {
    const layout = recognizeLayout(tsv(MQ));
    expect(layout.format).toBe('maxquant');
    expect(layout.quantity).toBe('LFQ intensity');
    expect(layout.quantities.map((q) => q.name)).toEqual(['LFQ intensity', 'Intensity']);
    expect(layout.mapping.sampleColumns).toEqual(['LFQ intensity A', 'LFQ intensity B', 'LFQ intensity C']);
    expect(layout.recipe.steps.map((s) => (s.kind === 'remove-flagged' ? s.flag : s.kind))).toEqual(['decoy', 'contaminant', 'zeros-missing']);
    expect(layout.description).toBe('MaxQuant proteinGroups, LFQ intensity, 3 samples × 5 protein groups');
    const intensity = withQuantity(layout, 'intensity')!;
    expect(intensity.mapping.sampleColumns).toEqual(['Intensity A', 'Intensity B', 'Intensity C']);
    expect(withQuantity(layout, 'iBAQ')).toBeNull();
  });

  it('MaxQuant prepared: decoy and contaminant out, zeros missing, the all-zero protein dropped', () => {
    const table = tsv(MQ);
    const layout = recognizeLayout(table);
    const data = prepare(table, layout.mapping, layout.recipe, { format: layout.format });
    // Rows: 1 and 4 kept (both Actb: labels made unique by the protein id), 2 decoy, 3 contaminant (CON__ prefix),
    // 5 all zeros → after zeros-missing no value: dropped.
    expect(data.sampleIds).toEqual(['A', 'B', 'C']);
    expect(data.featureNames).toEqual(['Actb (P12345)', 'Actb (Q11111)']);
    // Sample-major, 2 features: A = [100, NaN] (0 → missing), B = [200, 50], C = [300, NaN].
    expect(Array.from(data.matrix.data).map(String)).toEqual(['100', 'NaN', '200', '50', '300', 'NaN']);
    expect(data.preparation!.map((s) => [s.step, s.count])).toEqual([
      ['read', 5],
      ['remove-flagged', 1],
      ['remove-flagged', 1],
      ['zeros-missing', 5], // row 4: two zeros; row 5: three
      ['empty-features', 1],
    ]);
    expect(data.featureAnnotations!['Majority protein IDs']).toEqual(['P12345;P12346', 'Q11111']);
  });

  it('keeping flagged rows and zeros is a matter of the recipe', () => {
    const table = tsv(MQ);
    const layout = recognizeLayout(table);
    const data = prepare(table, layout.mapping, { steps: [] }, { format: layout.format });
    // Labels: Actb twice → made unique with the protein id; the decoy has no gene → its id.
    expect(data.featureNames).toEqual(['Actb (P12345)', 'REV__Q99999', 'ALB', 'Actb (Q11111)', 'Tp53']);
    expect(data.missingCells).toBe(0);
  });

  it('a MaxQuant table without quantity columns says so in one sentence', () => {
    const table = tsv(MQ.map((r) => [r[0]!, r[1]!, r[8]!]));
    const layout = recognizeLayout(table);
    expect(layout.format).toBe('maxquant');
    expect(layout.quantity).toBeNull();
    const error = errorOf(() => prepare(table, layout.mapping, layout.recipe));
    expect(error.message).toMatch(/No sample columns/);
  });

  it('DIA-NN: run paths become sample names; FragPipe: MaxLFQ first; Spectronaut: Filtered is missing', () => {
    const diann = tsv([
      ['Protein.Group', 'Protein.Ids', 'Genes', '/d/x/run1.raw', '/d/x/run2.raw'],
      ['P1', 'P1', 'G1', '1', ''],
      ['P2', 'P2', '', '3', '4'],
    ], 'report.pg_matrix.tsv');
    const d = recognizeLayout(diann);
    expect(d.format).toBe('diann');
    const dd = prepare(diann, d.mapping, d.recipe, { format: d.format });
    expect(dd.sampleIds).toEqual(['run1', 'run2']);
    expect(dd.featureNames).toEqual(['G1', 'P2']);

    const fp = tsv([
      ['Protein', 'Protein ID', 'Entry Name', 'Gene', 'a Spectral Count', 'a Unique Spectral Count', 'a Intensity', 'a MaxLFQ Intensity', 'b Intensity', 'b MaxLFQ Intensity'],
      ['sp|P1|X_HUMAN', 'P1', 'X_HUMAN', 'X', '1', '1', '10', '11', '20', '21'],
      ['contam_sp|P2|Y_HUMAN', 'P2', 'Y_HUMAN', 'Y', '1', '1', '10', '11', '20', '0'],
    ], 'combined_protein.tsv');
    const f = recognizeLayout(fp);
    expect(f.format).toBe('fragpipe');
    expect(f.quantities.map((q) => [q.name, q.columns.length])).toEqual([['MaxLFQ Intensity', 2], ['Intensity', 2], ['Spectral Count', 1], ['Unique Spectral Count', 1]]);
    const ff = prepare(fp, f.mapping, f.recipe, { format: f.format });
    expect(ff.sampleIds).toEqual(['a', 'b']);
    expect(ff.featureNames).toEqual(['X']);

    const sn = tsv([
      ['PG.ProteinGroups', 'PG.Genes', '[1] S1.PG.Quantity', '[2] S2.PG.Quantity'],
      ['P1', 'G1', '12.5', 'Filtered'],
      ['P2', 'G2', 'Filtered', '3'],
    ], 'report.tsv');
    const s = recognizeLayout(sn);
    expect(s.format).toBe('spectronaut');
    const ss = prepare(sn, s.mapping, s.recipe, { format: s.format });
    expect(ss.sampleIds).toEqual(['S1', 'S2']);
    expect(ss.missingCells).toBe(2);
    expect(ss.warnings.filter((w) => w.code === 'text-in-feature')).toEqual([]);
  });

  it('an unknown protein table is read as proteins × samples; a samples × features sheet as rows', () => {
    const proteins = tsv([
      ['Accession', 'Symbol', 'Ctrl.A', 'Ctrl.B', 'Treat.A', 'p-value'],
      ['P12345', 'G1', '1', '2', '3', '0.01'],
      ['Q99999', 'G2', '4', '5', '6', '0.2'],
    ], 'mine.tsv');
    const layout = recognizeLayout(proteins);
    expect(layout.format).toBe('table');
    expect(layout.mapping.orientation).toBe('samples-as-columns');
    expect(layout.mapping.sampleColumns).toEqual(['Ctrl.A', 'Ctrl.B', 'Treat.A']);
    expect(layout.mapping.featureLabelColumns).toEqual(['Symbol', 'Accession']);
    const samples = parseTable(enc('MouseID,DYRK1A_N,ITSN1_N,class\nm1,1,2,c1\nm2,3,4,c2\n'), 'mice.csv');
    const rows = recognizeLayout(samples);
    expect(rows.mapping.orientation).toBe('samples-as-rows');
    expect(rows.mapping.idColumn).toBe('MouseID');
    expect(layoutAs(samples, 'maxquant')).toBeNull();
  });

  it('samples as rows: the id is the first text column with every value present and distinct', () => {
    // grp repeats at once, tag in its last row, name misses a value; code is the id. Every text column but
    // the id is an annotation.
    const table = tsv([
      ['grp', 'tag', 'name', 'code', 'x', 'y'],
      ...Array.from({ length: 300 }, (_, i) => [`g${i % 3}`, `t${i === 299 ? 0 : i}`, i === 150 ? '' : `n${i}`, `c${i}`, String(i), String(2 * i)]),
    ], 'samples.tsv');
    const layout = recognizeLayout(table);
    expect(layout.mapping.orientation).toBe('samples-as-rows');
    expect(layout.mapping.idColumn).toBe('code');
    expect(layout.mapping.annotationColumns).toEqual(['grp', 'tag', 'name']);
    expect(recognizeLayout(tsv([['tag', 'x'], ['a', '1'], ['b', '2'], ['a', '3']], 's.tsv')).mapping.idColumn).toBeNull();
  });

  it('a column of UniProt accessions (by its first 200 present cells, after any number of empty ones) names proteins', () => {
    // 250 rows without an accession, then 60 with one; the column's name says nothing.
    // (Values that are no row numbers: 1000 + (37 i mod 101) …)
    const rows = Array.from({ length: 310 }, (_, i) => [i < 250 ? '' : `P${String(100000 + i).slice(1)}`, `d${i}`, String(1000 + ((37 * i) % 101)), String(1001 + ((41 * i) % 97)), String(1002 + ((43 * i) % 89))]);
    const layout = recognizeLayout(tsv([['ref', 'note', 'A', 'B', 'C'], ...rows], 'mine.tsv'));
    expect(layout.mapping.orientation).toBe('samples-as-columns');
    expect(layout.mapping.featureLabelColumns).toEqual(['ref']);
    // One present cell in 4 is not an accession: fewer than 80 % of them are.
    const mixed = rows.map((r, i) => (i >= 250 && i % 4 === 0 ? ['x', ...r.slice(1)] : r));
    expect(recognizeLayout(tsv([['ref', 'note', 'A', 'B', 'C'], ...mixed], 'mine.tsv')).mapping.orientation).toBe('samples-as-rows');
  });
});

describe('joinDesign', () => {
  const design: SampleTable = {
    source: 'design.txt',
    sampleColumn: null,
    columns: [
      { name: 'label', values: ['H1', 'H2', 'X9'] },
      { name: 'condition', values: ['High', 'High', 'Low'] },
    ],
  };

  it('matches on the clean name, lists samples without a row and rows without a sample', () => {
    const { annotations, join } = joinDesign(design, ['H1', 'H2', 'H5'], ['LFQ intensity H1', 'LFQ intensity H2', 'LFQ intensity H5']);
    expect(join.matchedColumn).toBe('label');
    expect(join.matched).toBe(2);
    expect(join.samplesWithoutRow).toEqual(['H5']);
    expect(join.rowsWithoutSample).toEqual(['X9']);
    expect(annotations).toEqual({ condition: ['High', 'High', null] });
  });

  it('a design that matches no sample is one sentence', () => {
    const error = errorOf(() => joinDesign(design, ['A', 'B'], ['A', 'B']));
    expect(error.message).toMatch(/^No sample of the data has a row in the sample table “design.txt”/);
  });
});

describe('real files', () => {
  it('MaxQuant proteinGroups: 15 LFQ samples, decoys counted by hand', () => {
    const text = readFileSync(new URL('maxquant_lfq_proteinGroups.txt', REAL), 'utf8');
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    const header = lines[0]!.split('\t');
    const reverse = header.indexOf('Reverse');
    const decoys = lines.slice(1).filter((l) => l.split('\t')[reverse] === '+').length;
    const table = real('maxquant_lfq_proteinGroups.txt');
    const layout = recognizeLayout(table);
    expect(layout.format).toBe('maxquant');
    expect(layout.mapping.sampleColumns).toHaveLength(15);
    const data = prepare(table, layout.mapping, layout.recipe, { format: layout.format });
    expect(data.sampleIds).toEqual(['H1', 'H2', 'H3', 'H4', 'H5', 'L1', 'L2', 'L3', 'L4', 'L5', 'N1', 'N2', 'N3', 'N4', 'N5']);
    // Decoy rows all carry Reverse = + (MaxQuant marks every REV__ group), so the step removes exactly those.
    expect(data.preparation!.find((s) => s.step === 'remove-flagged')!.count).toBe(decoys);
    const ids = data.featureAnnotations!['Majority protein IDs']!;
    expect(ids.some((id) => id!.startsWith('REV__') || id!.startsWith('CON__'))).toBe(false);
  });

  it('DIA-NN matrix joins its metadata on the run paths', () => {
    const table = real('diann_report.pg_matrix.tsv');
    const layout = recognizeLayout(table);
    const meta = real('diann_metadata.csv');
    const design: SampleTable = {
      source: 'diann_metadata.csv',
      sampleColumn: null,
      columns: meta.columns.map((c) => ({ name: c.name, values: c.texts ? [...c.texts] : Array.from(c.numbers!, (v) => (v === v ? String(v) : null)) })),
    };
    const data = prepare(table, { ...layout.mapping, design }, layout.recipe, { format: layout.format });
    expect(data.sampleIds.every((id) => !id.includes('/') && !id.endsWith('.dia'))).toBe(true);
    expect(data.design!.matched).toBe(12);
    expect(Object.keys(data.annotations)).toContain('Gigaseal_Status');
  });
});

/** A tab-separated file split by hand: lines (CRLF or LF), cells with their surrounding quotes taken off. */
function cellsOf(name: string): string[][] {
  return readFileSync(new URL(name, REAL), 'latin1')
    .split(/\r?\n/)
    .filter((line) => line.length > 0)
    .map((line) => line.split('\t').map((c) => c.replace(/^"(.*)"$/s, '$1').replace(/""/g, '"')));
}

describe('real files added for issue 25', () => {
  it('Proteome Discoverer 2.4 proteins: 27 normalised abundances named F1…F27, contaminants flagged, the UPS1 rows kept with their mark', () => {
    const [header, ...rows] = cellsOf('pd24_ups1_yeast_Proteins.txt');
    const col = (name: string) => header!.indexOf(name);
    const normalized = header!.filter((h) => h.startsWith('Abundances Normalized F'));
    expect(normalized).toHaveLength(27);
    const table = real('pd24_ups1_yeast_Proteins.txt');
    const layout = recognizeLayout(table);
    expect(layout.format).toBe('proteome-discoverer');
    expect(layout.quantity).toBe('Abundances (Normalized)');
    expect(layout.mapping.sampleColumns).toEqual(normalized);
    expect(layout.quantities.map((q) => [q.name, q.columns.length])).toEqual([['Abundances (Normalized)', 27], ['Abundance', 27]]);
    // Every protein is a master protein here: no master step to run; the contaminants are those with Contaminant = True.
    const contaminants = rows.filter((r) => r[col('Contaminant')] === 'True').length;
    expect(contaminants).toBe(11);
    const data = prepare(table, layout.mapping, layout.recipe, { format: layout.format });
    expect(data.sampleIds).toEqual(Array.from({ length: 27 }, (_, i) => `F${i + 1}`));
    expect(data.preparation!.find((s) => s.step === 'remove-flagged')!.count).toBe(contaminants);
    // The UPS1 rows (Marked as = Ups1) that are no contaminant are all kept, and carry their mark.
    const ups = rows.filter((r) => r[col('Marked as')] === 'Ups1' && r[col('Contaminant')] !== 'True').map((r) => r[col('Accession')]);
    expect(ups.length).toBeGreaterThan(40);
    const marks = data.featureAnnotations!['Marked as']!;
    const accessions = data.featureAnnotations!.Accession!;
    expect(accessions.filter((a, i) => marks[i] === 'Ups1').sort()).toEqual([...ups].sort());
    // Genes from GN= in the description; a UPS1 protein (no GN=) by its accession.
    expect(data.featureNames[0]).toBe('URA2');
    expect(data.featureNames).toContain('P02788');
  });

  it('Proteome Discoverer with its Input Files table: the samples named by their raw files', () => {
    const table = real('pd24_ups1_yeast_Proteins.txt');
    const layout = recognizeLayout(table);
    const files = real('pd24_ups1_yeast_InputFiles.txt');
    const design: SampleTable = { source: files.fileName, sampleColumn: null, columns: files.columns.map((c) => ({ name: c.name, values: c.texts ? [...c.texts] : Array.from(c.numbers!, (v) => (v === v ? String(v) : null)) })) };
    const data = prepare(table, { ...layout.mapping, design }, layout.recipe, { format: layout.format });
    expect(data.design!.matchedColumn).toBe('File ID');
    expect(data.design!.matched).toBe(27);
    // By hand: F1 → D:\psd001819_ups1\raw\UPS1_50amol_R1.raw → UPS1_50amol_R1, in File ID order.
    const [header, ...rows] = cellsOf('pd24_ups1_yeast_InputFiles.txt');
    const byId = new Map(rows.map((r) => [r[header!.indexOf('File ID')]!, r[header!.indexOf('File Name')]!.split('\\').pop()!.replace(/\.raw$/, '')]));
    expect(data.sampleIds).toEqual(Array.from({ length: 27 }, (_, i) => byId.get(`F${i + 1}`)));
    expect(data.sampleIds[0]).toBe('UPS1_50amol_R1');
    expect(data.warnings.some((w) => w.code === 'design' && w.message.includes('UPS1_50amol_R1'))).toBe(true);
    // Opened alone, the Input Files table is refused in one sentence.
    expect(errorOf(() => recognizeLayout(files)).message).toMatch(/is a Proteome Discoverer Input Files table, which describes the samples/);
  });

  it('the note that asks for the Input Files table is said until one is attached, and no more after (the app and the CLI show notesWith)', () => {
    const layout = recognizeLayout(real('pd24_ups1_yeast_Proteins.txt'));
    const asks = (notes: readonly string[]) => notes.filter((n) => /attach the Input Files table/.test(n));
    expect(asks(notesWith(layout.notes, null))).toHaveLength(1);
    const files = real('pd24_ups1_yeast_InputFiles.txt');
    const design: SampleTable = { source: files.fileName, sampleColumn: null, columns: files.columns.map((c) => ({ name: c.name, values: c.texts ? [...c.texts] : Array.from(c.numbers!, (v) => (v === v ? String(v) : null)) })) };
    expect(asks(notesWith(layout.notes, design))).toEqual([]);
    // Other notes stay (a hand-made one beside it).
    expect(notesWith([...(layout.notes ?? []), 'The 2 unused channels are left out.'], design)).toContain('The 2 unused channels are left out.');
  });

  it('PAW TMT summary: 20 samples named by the label row, the 2 unused channels left out and said, the site as an annotation, flags counted by hand', () => {
    const lines = cellsOf('paw_tmt_ups2_mouse_two_sites.txt');
    const labels = lines[3]!;
    const header = lines[4]!;
    const rows = lines.slice(5);
    const quant = header.map((h, i) => [h, i] as const).filter(([h]) => h.startsWith('TotInt_'));
    expect(quant).toHaveLength(22);
    const used = quant.filter(([, i]) => labels[i]!.trim() !== 'unused');
    expect(used).toHaveLength(20);
    const table = real('paw_tmt_ups2_mouse_two_sites.txt');
    expect(table.headerRow).toBe(5);
    expect(table.labelRow?.row).toBe(4);
    const layout = recognizeLayout(table);
    expect(layout.format).toBe('paw');
    expect(layout.mapping.sampleColumns).toEqual(used.map(([h]) => h));
    expect(layout.notes).toContain('2 columns “TotInt_131C_BGS” and “TotInt_131C_FLI” are labelled “unused” in row 4: not samples, left out.');
    const data = prepare(table, layout.mapping, layout.recipe, { format: layout.format });
    expect(data.sampleIds).toEqual(used.map(([, i]) => labels[i]!.trim()));
    expect(data.annotations.experiment).toEqual(used.map(([h]) => h.split('_')[2]));
    expect(data.annotations.channel).toEqual(used.map(([h]) => h.split('_')[1]));
    // Decoys: Filter = reversed or an id starting REV_; contaminants (of the rest): Filter = contam(inant) or CONT_/CON__ ids.
    const filter = header.indexOf('Filter');
    const accession = header.indexOf('Accession');
    const isDecoy = (r: string[]) => r[filter]!.trim() === 'reversed' || /^(REV_|rev_|DECOY_|decoy_)/.test(r[accession]!);
    const isContaminant = (r: string[]) => !isDecoy(r) && (/^(contam|contaminant)$/.test(r[filter]!.trim()) || /^(CON__|contam_|Cont_|CONT_)/.test(r[accession]!));
    const steps = data.preparation!.filter((s) => s.step === 'remove-flagged').map((s) => s.count);
    expect(steps).toEqual([rows.filter(isDecoy).length, rows.filter(isContaminant).length]);
    expect(steps[0]).toBe(174);
  });
});
