/**
 * Long tables of any tool, recognised by their columns and pivoted to proteins × samples (pivot.ts):
 * - MSstats input (MSstats' "input format": ProteinName, PeptideSequence / PeptideModifiedSequence,
 *   PrecursorCharge, FragmentIon, ProductCharge, IsotopeLabelType, Condition, BioReplicate, Run, Intensity), as
 *   written by its converters and by Skyline's MSstats report (FileName, Area): feature-level intensities,
 *   summarised per protein and run as MSstats does (median polish of log2 values); light rows only when heavy
 *   reference rows are there (IsotopeLabelType L / H);
 * - MSstats' protein-level output (ProteinLevelData: Protein, RUN / originalRUN, LogIntensities, GROUP, SUBJECT):
 *   log2 values;
 * - MSstatsTMT input (… Run, Channel, Condition, BioReplicate, Intensity): a sample is a run's channel;
 * - DIA-NN's main report (report.tsv: Run, Protein.Group, Precursor.Id, PG.MaxLFQ, Q.Value, PG.Q.Value, …):
 *   PG.MaxLFQ per protein group and run (the same on each precursor's row), rows kept at Q.Value ≤ 0.01 and
 *   PG.Q.Value ≤ 0.01 as DIA-NN filters its own matrices (DIA-NN README, "Main output reports");
 * - Spectronaut's long report (R.FileName, PG.ProteinGroups, PG.Quantity, …), Skyline exports (Protein Name,
 *   Replicate Name, Total Area), and any `protein, sample, value` table.
 * A table is long when it has a protein column, a sample column (run, file, replicate, sample) and a numeric
 * value column, at least two samples, and its proteins repeat (rows ≥ 1.5 × proteins, ≥ 2 × samples). Columns
 * with one value per sample (Condition, BioReplicate, …) become sample annotations; repeated pairs with
 * different values are summarised as the tool documents (median polish of feature-level intensities, the
 * maximum for DIA-NN) or refused in one sentence.
 *
 * @example longTable(table) // report.tsv of 3 runs × 2 precursors of P1 → a Table P1 × 3 runs, format 'long'
 */
import type { Table } from '../types.js';
import { pivotLong, type LongSpec } from './pivot.js';
import { plural } from './table-builder.js';

/** A column name as long tables are matched: lower case, letters and digits only ("Protein.Group" → "proteingroup"). */
export function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const PROTEIN = ['proteinname', 'protein', 'proteingroup', 'proteingroups', 'pgproteingroups', 'pgproteinaccessions', 'proteinid', 'proteinids', 'proteinaccession', 'proteinaccessions', 'accession', 'uniprot', 'uniprotid'];
/** originalRUN before RUN (MSstats' protein-level output numbers its runs in RUN). */
const SAMPLE = ['originalrun', 'run', 'rfilename', 'filename', 'rawfile', 'replicatename', 'replicate', 'sample', 'sampleid', 'samplename', 'bioreplicate'];
const VALUE: [string, boolean | null][] = [
  ['pgmaxlfq', true], ['pgquantity', true], ['pgnormalised', true], ['logintensities', false], ['log2intensity', false], ['log2abundance', false],
  ['abundance', true], ['intensity', true], ['totalarea', true], ['normalizedarea', true], ['area', true], ['quantity', true], ['maxlfq', true],
  ['lfqintensity', true], ['value', null],
];
const FEATURE = ['peptidesequence', 'peptidemodifiedsequence', 'modifiedsequence', 'strippedsequence', 'peptide', 'sequence', 'precursorid', 'precursor', 'precursorcharge', 'charge', 'fragmention', 'productcharge', 'egprecursorid', 'egmodifiedsequence', 'fgid', 'fglabeledsequence', 'fgcharge', 'psm'];
const GENE = ['genes', 'gene', 'genename', 'genenames', 'genesymbol', 'pggenes', 'proteinnames', 'pgproteinnames'];

/** The first column of `table` whose squashed name is in `wanted` (in the order of `wanted`). */
function pick(byName: Map<string, string>, wanted: readonly string[]): string | null {
  for (const w of wanted) {
    const hit = byName.get(w);
    if (hit !== undefined) return hit;
  }
  return null;
}

/** How many distinct values the columns' rows hold together (rows with nothing in the first left out). */
function distinct(table: Table, names: readonly string[]): number {
  const columns = names.map((name) => table.columns.find((c) => c.name === name)!);
  const cell = (r: number, k: number) => {
    const column = columns[k]!;
    const v = column.texts ? column.texts[r] : column.numbers![r];
    return v === null || v === undefined || v !== v ? '' : String(v).trim();
  };
  const seen = new Set<string>();
  for (let r = 0; r < table.rowCount; r++) {
    if (cell(r, 0) === '') continue;
    seen.add(columns.length === 1 ? cell(r, 0) : columns.map((_, k) => cell(r, k)).join('\u0000'));
  }
  return seen.size;
}

/**
 * Columns a long table has at most: its tools write tens (DIA-NN's report ~60, Spectronaut's long report up to a
 * few hundred); a wider table is a matrix, and is not looked at further (a sheet of 50 000 columns costs nothing).
 */
export const LONG_MAX_COLUMNS = 2000;

/** The long table pivoted (module comment), or null when `table` is not a long table. */
export function longTable(table: Table): Table | null {
  if (table.rowCount < 4 || table.declared || table.columns.length > LONG_MAX_COLUMNS) return null;
  const byName = new Map<string, string>();
  for (const c of table.columns) if (!byName.has(squash(c.name))) byName.set(squash(c.name), c.name);
  const protein = pick(byName, PROTEIN);
  const sample = pick(byName, SAMPLE);
  let value: string | null = null;
  let raw: boolean | null = null;
  for (const [name, isRaw] of VALUE) {
    const hit = byName.get(name);
    if (hit !== undefined && table.columns.find((c) => c.name === hit)!.kind === 'numeric') {
      value = hit;
      raw = isRaw;
      break;
    }
  }
  if (protein === null || sample === null || value === null) return null;
  const run = byName.get('run') ?? byName.get('originalrun') ?? null;
  const channel = byName.get('channel') ?? null;
  const sampleKeys = channel !== null && run !== null ? [run, channel] : [sample];
  const proteins = distinct(table, [protein]);
  const samples = distinct(table, sampleKeys);
  if (samples < 2 || table.rowCount < 1.5 * proteins || table.rowCount < 2 * samples) return null;

  const features = FEATURE.map((f) => byName.get(f)).filter((f): f is string => f !== undefined);
  const has = (name: string) => byName.has(name);
  const notes: string[] = [];
  let keep: Int32Array | null = null;
  let label = 'Long table';
  let differing: LongSpec['differing'] = features.length > 0 && raw !== false ? 'median-polish' : 'refuse';
  if (has('precursorid') && (has('pgmaxlfq') || has('pgquantity'))) {
    label = 'DIA-NN report (long)';
    differing = 'max';
    const q = byName.get('qvalue');
    const pgq = byName.get('pgqvalue');
    if (q !== undefined && pgq !== undefined) keep = qValueRows(table, [q, pgq], 0.01, notes);
  } else if (has('rfilename') && has('pgproteingroups')) {
    label = 'Spectronaut report (long)';
  } else if (has('logintensities')) {
    label = 'MSstats protein-level data';
  } else if (channel !== null && has('bioreplicate')) {
    label = 'MSstatsTMT input';
  } else if (has('proteinname') && has('bioreplicate') && has('condition')) {
    label = 'MSstats input';
  } else if (has('replicatename') || has('totalarea')) {
    label = 'Skyline export';
  }
  const isotope = byName.get('isotopelabeltype');
  if (isotope !== undefined) keep = lightRows(table, isotope, keep, notes);
  const gene = pick(byName, GENE);
  const spec: LongSpec = {
    format: 'long',
    label,
    rows: 'proteins',
    protein,
    labels: gene !== null && gene !== protein ? [gene] : [],
    sampleKeys,
    nameOf: (parts) => parts.join(' '),
    value,
    quantity: value,
    raw,
    features: features.filter((f) => !sampleKeys.includes(f)),
    differing,
    splitBy: null,
    keep,
    control: null,
    withControls: `${value} with controls`,
    zerosMissing: raw === true,
    headerRow: table.headerRow ?? 1,
  };
  return pivotLong(table, spec, notes);
}

/** The rows whose q-values are all at most `limit` (a note counts the others). */
function qValueRows(table: Table, columns: readonly string[], limit: number, notes: string[]): Int32Array {
  const numbers = columns.map((name) => table.columns.find((c) => c.name === name)!.numbers);
  const kept: number[] = [];
  for (let r = 0; r < table.rowCount; r++) if (numbers.every((n) => n === null || !(n[r]! > limit))) kept.push(r);
  const out = table.rowCount - kept.length;
  if (out > 0) notes.push(`${plural(out, 'row')} of “${table.fileName}” with ${columns.join(' or ')} above ${limit} ${out === 1 ? 'is' : 'are'} left out, as DIA-NN filters its protein matrices.`);
  return Int32Array.from(kept);
}

/** With light and heavy (reference) rows, the light ones (MSstats: heavy peptides are spiked-in standards). */
function lightRows(table: Table, name: string, keep: Int32Array | null, notes: string[]): Int32Array | null {
  const texts = table.columns.find((c) => c.name === name)!.texts;
  if (!texts) return keep;
  const rows = keep ?? Int32Array.from({ length: table.rowCount }, (_, i) => i);
  const light = Array.from(rows).filter((r) => (texts[r] ?? '').trim().toUpperCase() !== 'H');
  if (light.length === rows.length || light.length === 0) return keep;
  notes.push(`${plural(rows.length - light.length, 'row')} of “${table.fileName}” with ${name} “H” (heavy reference peptides) ${rows.length - light.length === 1 ? 'is' : 'are'} left out; the light ones are read.`);
  return Int32Array.from(light);
}
