/**
 * A long table (one row per protein × sample, or per peptide / precursor / fragment × sample) pivoted to proteins ×
 * samples: one row per protein (in order of first appearance), one column per sample (same), the value of each
 * protein × sample pair in its cell. What the pairs that occur more than once become is said in a note:
 * - every row of the pair holds the same value (DIA-NN's PG.MaxLFQ, Spectronaut's PG.Quantity, repeated on each
 *   precursor's row): that value;
 * - 'max': the largest (the rule of DIA-NN's R package, `diann_matrix`: "Multiple quantities per id: the maximum");
 * - 'median-polish': feature-level intensities summarised per protein and sample as MSstats does by default
 *   (dataProcess, summaryMethod = "TMP": Tukey's median polish of the log2 intensities, runs × features; the
 *   run's value is overall + run effect, a log2 abundance), without MSstats' normalisation and imputation;
 * - 'refuse': one sentence naming how many pairs repeat and one example.
 * Columns with one value per protein become feature annotations, columns with one value per sample sample
 * annotations (a sample table keyed by the sample column), with one value per sample and `splitBy` (Olink's
 * Panel) one annotation per value of it; numeric columns with one value per protein × sample pair are other
 * quantities (DIA-NN's PG.Quantity, Genes.MaxLFQ beside PG.MaxLFQ), other columns describe single rows; both are
 * left out, and a note names each kind.
 *
 * @example pivotLong(table, { protein: 'Protein', sampleKeys: ['Sample'], value: 'Value', differing: 'refuse', … })
 *   // rows P1/S1/1, P1/S2/2, P2/S1/3 → proteins P1, P2 × samples S1, S2: [[1, 2], [3, NaN]]
 */
import { SkfrError } from '../../errors.js';
import { classifyText } from '../cells.js';
import { columnTexts } from '../lookup.js';
import type { Column, DeclaredLayout, DeclaredFormatId, PrepStep, QuantityKind, SampleTable, Table } from '../types.js';
import { medianPolish } from './median-polish.js';
import { declaredTable, distinctNames, plural, quoted, textColumn } from './table-builder.js';

export interface LongSpec {
  format: Extract<DeclaredFormatId, 'long' | 'olink'>;
  /** E.g. "DIA-NN report (long)". */
  label: string;
  /** What a row of the pivoted table is, plural. */
  rows: string;
  /** The column naming the protein (the pivot's rows). */
  protein: string;
  /** Columns labelling the proteins, preferred before `protein`, when they have one value per protein. */
  labels: string[];
  /** The columns that together name a sample (e.g. Run; Run and Channel; SampleID and PlateID). */
  sampleKeys: string[];
  /** A sample's name from its key cells. */
  nameOf(parts: readonly string[]): string;
  /** The sample table's key column (default: the sample key's name, or "Sample" for several). */
  keyName?: string;
  /** The column of values. */
  value: string;
  quantity: string;
  raw: boolean | null;
  /** Columns telling rows of one protein and sample apart (peptide, precursor, charge, fragment, …). */
  features: string[];
  /** What pairs with different values become (module comment). */
  differing: 'refuse' | 'max' | 'median-polish';
  /** Sample annotations that vary with this column are kept per value of it. */
  splitBy: string | null;
  /** Rows read (null: all). */
  keep: Int32Array | null;
  /** True for a control sample (left out of the first quantity, kept in the second). */
  control: ((name: string, annotations: ReadonlyMap<string, string | null>) => boolean) | null;
  /** The second quantity's name when there are controls, e.g. "NPX with controls". */
  withControls: string;
  /** 0 means "not quantified". */
  zerosMissing: boolean;
  /** The header row as the file shows it (kept: the pivoted table is still read from it). */
  headerRow: number;
}

type Key = string | number | null;

function cellKey(column: Column, r: number): Key {
  if (column.texts) return column.texts[r] ?? null;
  const v = column.numbers![r]!;
  return v === v ? v : null;
}

function keyText(k: Key): string | null {
  return k === null ? null : typeof k === 'number' ? String(k) : k;
}

function valueOf(column: Column, r: number): number {
  if (column.numbers) return column.numbers[r]!;
  const t = column.texts![r];
  if (t === null || t === undefined) return NaN;
  const v = classifyText(t);
  return typeof v === 'number' ? v : NaN;
}

function find(table: Table, name: string): Column {
  return table.columns.find((c) => c.name === name)!;
}

/** Where a row is in the file, for messages. */
function rowAt(table: Table, r: number): string {
  return table.sourceRows ? `${table.format === 'csv' || table.format === 'tsv' ? 'line' : 'row'} ${table.sourceRows[r]}` : `row ${r + 1}`;
}

/** The pivoted Table (module comment); `notes` are the reader's, added to. */
export function pivotLong(table: Table, spec: LongSpec, notes: string[]): Table {
  const file = `“${table.fileName}”`;
  const rows = spec.keep ?? Int32Array.from({ length: table.rowCount }, (_, i) => i);
  const proteinTexts = columnTexts(find(table, spec.protein));
  const keyTexts = spec.sampleKeys.map((k) => columnTexts(find(table, k)));
  const valueColumn = find(table, spec.value);

  // Proteins and samples in order of first appearance; rows without a protein or a sample are left out.
  const proteinIndex = new Map<string, number>();
  const proteins: string[] = [];
  const sampleIndex = new Map<string, number>();
  const sampleParts: string[][] = [];
  const used: number[] = [];
  const pOf: number[] = [];
  const sOf: number[] = [];
  let unnamed = 0;
  for (const r of rows) {
    const protein = proteinTexts[r]?.trim() ?? '';
    const parts = keyTexts.map((t) => t[r]?.trim() ?? '');
    if (protein === '' || parts[0] === '') {
      unnamed++;
      continue;
    }
    let p = proteinIndex.get(protein);
    if (p === undefined) {
      p = proteins.length;
      proteinIndex.set(protein, p);
      proteins.push(protein);
    }
    const key = parts.join('\u0000');
    let s = sampleIndex.get(key);
    if (s === undefined) {
      s = sampleParts.length;
      sampleIndex.set(key, s);
      sampleParts.push(parts);
    }
    used.push(r);
    pOf.push(p);
    sOf.push(s);
  }
  if (unnamed > 0) notes.push(`${plural(unnamed, 'row')} of ${file} without a “${spec.protein}” or “${spec.sampleKeys[0]}” ${unnamed === 1 ? 'is' : 'are'} left out.`);
  const nP = proteins.length;
  const nS = sampleParts.length;

  // The pairs: first value, running maximum, rows, and whether their values differ.
  const cells = new Float64Array(nP * nS).fill(NaN);
  const max = spec.differing === 'max' ? new Float64Array(nP * nS).fill(NaN) : null;
  const count = new Uint8Array(nP * nS);
  const differs = new Uint8Array(nP * nS);
  let repeated = 0;
  let differing = 0;
  let example: { at: number; first: number; value: number; row: number } | null = null;
  for (let i = 0; i < used.length; i++) {
    const r = used[i]!;
    const at = pOf[i]! * nS + sOf[i]!;
    const v = valueOf(valueColumn, r);
    if (count[at] === 0) {
      cells[at] = v;
      if (max) max[at] = v;
      count[at] = 1;
      continue;
    }
    if (count[at] === 1) repeated++;
    if (count[at]! < 255) count[at]!++;
    const first = cells[at]!;
    if (!(v === first || (v !== v && first !== first))) {
      if (differs[at] === 0) differing++;
      differs[at] = 1;
      example ??= { at, first, value: v, row: r };
    }
    if (max && v === v && !(max[at]! >= v)) max[at] = v;
  }

  let values: Float64Array = cells;
  let raw = spec.raw;
  let quantity = spec.quantity;
  if (repeated > 0 && differing === 0) {
    notes.push(`${plural(repeated, 'protein × sample pair')} of ${file} occur${repeated === 1 ? 's' : ''} on several rows with the same “${spec.value}”: the value is taken once.`);
  } else if (differing > 0) {
    const p = Math.floor(example!.at / nS);
    const s = example!.at % nS;
    const pair = `“${proteins[p]}” in “${spec.nameOf(sampleParts[s]!)}”`;
    const firstRow = used[pOf.findIndex((q, i) => q === p && sOf[i] === s)]!;
    switch (spec.differing) {
      case 'refuse':
        throw new SkfrError(
          'invalid-option',
          `${file} is a long table (one row per protein and sample), but ${plural(differing, 'protein × sample pair')} occur${differing === 1 ? 's' : ''} on several rows with different “${spec.value}” values, ` +
            `e.g. ${pair} (${rowAt(table, firstRow)}: ${example!.first}, ${rowAt(table, example!.row)}: ${example!.value}); keep one row per protein and sample, or add the column that tells the rows apart (peptide, precursor).`,
        );
      case 'max':
        values = max!;
        notes.push(`${plural(differing, 'protein × sample pair')} of ${file} ${differing === 1 ? 'has' : 'have'} different “${spec.value}” values on ${differing === 1 ? 'its' : 'their'} rows (e.g. ${pair}): the largest is taken, as DIA-NN's diann_matrix does.`);
        break;
      case 'median-polish':
        values = polish(table, spec, used, pOf, sOf, nP, nS);
        raw = false;
        quantity = `log2 ${spec.quantity} (median polish)`;
        notes.push(
          `${file} holds “${spec.value}” per ${spec.features.join(' × ')} (${plural(differing, 'protein × sample pair')} on several rows, e.g. ${pair}): ` +
            `each protein's value in each sample is the median polish of its log2 values, as MSstats summarises (summaryMethod “TMP”, without its normalisation and imputation).`,
        );
        break;
    }
  }
  return buildPivot(table, spec, { proteins, sampleParts, values, raw, quantity, used, pOf, sOf, nP, nS }, notes);
}

/** Median polish (MSstats TMP) of each protein's log2 values, runs × features (module comment). */
function polish(table: Table, spec: LongSpec, used: readonly number[], pOf: readonly number[], sOf: readonly number[], nP: number, nS: number): Float64Array {
  const featureTexts = spec.features.map((f) => columnTexts(find(table, f)));
  const valueColumn = find(table, spec.value);
  const out = new Float64Array(nP * nS).fill(NaN);
  const byProtein: number[][] = Array.from({ length: nP }, () => []);
  used.forEach((_, i) => byProtein[pOf[i]!]!.push(i));
  for (let p = 0; p < nP; p++) {
    const items = byProtein[p]!;
    const featureIndex = new Map<string, number>();
    const runIndex = new Map<number, number>();
    for (const i of items) {
      const key = featureTexts.map((t) => t[used[i]!] ?? '').join('\u0000');
      if (!featureIndex.has(key)) featureIndex.set(key, featureIndex.size);
      if (!runIndex.has(sOf[i]!)) runIndex.set(sOf[i]!, runIndex.size);
    }
    const nf = featureIndex.size;
    const nr = runIndex.size;
    const x = new Float64Array(nr * nf).fill(NaN);
    for (const i of items) {
      const v = valueOf(valueColumn, used[i]!);
      if (!(v > 0)) continue; // 0 and negative intensities: not measured
      const f = featureIndex.get(featureTexts.map((t) => t[used[i]!] ?? '').join('\u0000'))!;
      const at = runIndex.get(sOf[i]!)! * nf + f;
      const l = Math.log2(v);
      if (!(x[at]! >= l)) x[at] = l; // (a feature twice in a run: the larger)
    }
    const fit = medianPolish(x, nr, nf);
    for (const [s, i] of runIndex) {
      const effect = fit.row[i]!;
      if (effect === effect) out[p * nS + s] = fit.overall + effect;
    }
  }
  return out;
}

interface Pivot {
  proteins: string[];
  sampleParts: string[][];
  values: Float64Array;
  raw: boolean | null;
  quantity: string;
  used: readonly number[];
  pOf: readonly number[];
  sOf: readonly number[];
  nP: number;
  nS: number;
}

/** One value per group (protein or sample) of each candidate column, or null when a group holds two. */
function perGroup(column: Column, used: readonly number[], groupOf: (i: number) => number, groups: number): Key[] | null {
  const first: (Key | undefined)[] = new Array(groups);
  for (let i = 0; i < used.length; i++) {
    const g = groupOf(i);
    const k = cellKey(column, used[i]!);
    const seen = first[g];
    if (seen === undefined) first[g] = k;
    else if (seen !== k) return null;
  }
  return first.map((k) => k ?? null);
}

/**
 * True when the numeric `column` holds one value per protein × sample pair over the rows used (a missing cell agrees
 * with anything): another quantity, such as DIA-NN's PG.Quantity or Genes.MaxLFQ repeated on each precursor's row.
 * Stops at the first pair holding two values (a precursor's RT, its Q.Value: the second row of the first pair).
 * `first`: a buffer of one value per pair (nP × nS), shared by the columns looked at.
 */
function perPair(column: Column, used: readonly number[], pOf: readonly number[], sOf: readonly number[], first: Float64Array, nS: number): boolean {
  const numbers = column.numbers!;
  first.fill(NaN);
  for (let i = 0; i < used.length; i++) {
    const v = numbers[used[i]!]!;
    if (v !== v) continue;
    const at = pOf[i]! * nS + sOf[i]!;
    const seen = first[at]!;
    if (seen !== seen) first[at] = v;
    else if (seen !== v) return false;
  }
  return true;
}

function buildPivot(table: Table, spec: LongSpec, pivot: Pivot, notes: string[]): Table {
  const { proteins, sampleParts, values, used, pOf, sOf, nP, nS } = pivot;
  const reserved = new Set([spec.protein, ...spec.sampleKeys, spec.value, ...spec.features]);
  const proteinAnnotations: { name: string; values: (string | null)[] }[] = [];
  const sampleAnnotations: { name: string; values: (string | null)[] }[] = [];
  const rowColumns: string[] = [];
  /** Numeric columns with one value per protein × sample pair: other quantities (DIA-NN's PG.Quantity beside PG.MaxLFQ). */
  const pairColumns: string[] = [];
  let pairValues: Float64Array | null = null;
  // The key's other parts (a PlateID, a Channel) are sample annotations too.
  spec.sampleKeys.slice(1).forEach((key, k) => sampleAnnotations.push({ name: key, values: sampleParts.map((parts) => parts[k + 1] || null) }));
  const split = spec.splitBy !== null ? columnTexts(find(table, spec.splitBy)) : null;
  for (const column of table.columns) {
    if (reserved.has(column.name) || column.kind === 'empty') continue;
    const byProtein = perGroup(column, used, (i) => pOf[i]!, nP);
    const distinct = new Set(byProtein ?? []);
    if (byProtein && distinct.size <= 1 && nP > 1) continue; // one value throughout: nothing to say
    if (byProtein) {
      proteinAnnotations.push({ name: column.name, values: byProtein.map(keyText) });
      continue;
    }
    const bySample = perGroup(column, used, (i) => sOf[i]!, nS);
    if (bySample) {
      sampleAnnotations.push({ name: column.name, values: bySample.map(keyText) });
      continue;
    }
    if (split !== null) {
      const levels = [...new Set(used.map((r) => split[r] ?? ''))].filter((l) => l !== '');
      const perLevel = levels.map((level) => {
        const rowsOf: number[] = [];
        const samplesOf: number[] = [];
        used.forEach((r, i) => {
          if ((split[r] ?? '') === level) {
            rowsOf.push(r);
            samplesOf.push(sOf[i]!);
          }
        });
        return perGroup(column, rowsOf, (i) => samplesOf[i]!, nS);
      });
      if (perLevel.every((v) => v !== null)) {
        levels.forEach((level, k) => sampleAnnotations.push({ name: `${column.name} (${level})`, values: perLevel[k]!.map(keyText) }));
        continue;
      }
    }
    if (column.kind === 'numeric' && perPair(column, used, pOf, sOf, (pairValues ??= new Float64Array(nP * nS)), nS)) pairColumns.push(column.name);
    else rowColumns.push(column.name);
  }
  if (pairColumns.length > 0) {
    const one = pairColumns.length === 1;
    notes.push(
      `${quoted(pairColumns, 8)} of “${table.fileName}” ${one ? 'holds' : 'hold'} one number per protein and sample: ` +
        `${one ? 'another quantity' : 'other quantities'} than “${spec.value}”, which is the one used.`,
    );
  }
  if (rowColumns.length > 0) {
    notes.push(`${plural(rowColumns.length, 'column')} of ${`“${table.fileName}”`} describe${rowColumns.length === 1 ? 's' : ''} single rows, not proteins nor samples, and ${rowColumns.length === 1 ? 'is' : 'are'} not kept: ${quoted(rowColumns, 8)}.`);
  }

  // Sample names and which samples are controls.
  const rawNames = sampleParts.map((parts) => spec.nameOf(parts));
  const labelNames = proteinAnnotations.map((a) => a.name);
  const named = distinctNames([spec.protein, ...labelNames, ...rawNames]);
  const sampleColumns = named.names.slice(1 + labelNames.length);
  for (const note of named.notes) if (/repeats the name/.test(note)) notes.push(note.replace(/^Column \d+ repeats the name/, 'A sample name repeats the name'));
  const flagged = sampleColumns.map((name, s) => {
    if (spec.control === null) return false;
    const annotations = new Map(sampleAnnotations.map((a) => [a.name, a.values[s] ?? null]));
    return spec.control(rawNames[s]!, annotations);
  });

  const columns: Column[] = [
    textColumn(named.names[0]!, proteins),
    ...proteinAnnotations.map((a, i) => textColumn(named.names[1 + i]!, a.values)),
    ...sampleColumns.map((name, s) => {
      const numbers = new Float64Array(nP);
      let missing = 0;
      for (let p = 0; p < nP; p++) {
        const v = values[p * nS + s]!;
        numbers[p] = v;
        if (v !== v) missing++;
      }
      return { name, kind: missing === nP ? ('empty' as const) : ('numeric' as const), numbers, texts: null, missing, badCells: [] };
    }),
  ];
  const samples = sampleColumns.filter((_, s) => !flagged[s]);
  const controls = sampleColumns.filter((_, s) => flagged[s]);
  const quantities: QuantityKind[] = samples.length > 0 && controls.length > 0
    ? [{ name: pivot.quantity, columns: samples, raw: pivot.raw }, { name: spec.withControls, columns: [...sampleColumns], raw: pivot.raw }]
    : [{ name: pivot.quantity, columns: [...sampleColumns], raw: pivot.raw }];
  if (samples.length > 0 && controls.length > 0) {
    notes.push(
      `${plural(controls.length, 'control sample')} (${quoted(controls)}) ${controls.length === 1 ? 'is' : 'are'} left out; choose the quantity “${spec.withControls}” ` +
        `(on the Import screen, or --quantity '${spec.withControls}') to keep ${controls.length === 1 ? 'it' : 'them'}.`,
    );
  }
  const keyName = spec.keyName ?? (spec.sampleKeys.length === 1 ? spec.sampleKeys[0]! : 'Sample');
  const designNames = distinctNames([keyName, ...(spec.control !== null ? ['Sample type'] : []), ...sampleAnnotations.map((a) => a.name)]).names;
  const design: SampleTable = {
    source: `sample columns of ${table.fileName}`,
    sampleColumn: designNames[0]!,
    columns: [
      { name: designNames[0]!, values: [...sampleColumns] },
      ...(spec.control !== null ? [{ name: designNames[1]!, values: flagged.map((f) => (f ? 'control' : 'sample')) }] : []),
      ...sampleAnnotations.map((a, i) => ({ name: designNames[i + (spec.control !== null ? 2 : 1)]!, values: a.values })),
    ],
  };
  const labelColumns = [...spec.labels.filter((l) => labelNames.includes(l)).map((l) => named.names[1 + labelNames.indexOf(l)]!), named.names[0]!];
  const steps: PrepStep[] = spec.zerosMissing && pivot.raw !== false ? [{ kind: 'zeros-missing' }] : [];
  const declared: DeclaredLayout = {
    format: spec.format,
    label: spec.label,
    rows: spec.rows,
    quantities,
    labelColumns,
    annotationColumns: named.names.slice(0, 1 + labelNames.length),
    design,
    steps,
  };
  return declaredTable(
    {
      fileName: table.fileName,
      format: table.format,
      sheets: table.sheets,
      sheet: table.sheet,
      headerRow: spec.headerRow,
      notes: [...(table.notes ?? []), ...notes],
      titleRows: table.titleRows ?? [],
      blankRowsSkipped: table.blankRowsSkipped ?? 0,
    },
    columns,
    declared,
  );
}
