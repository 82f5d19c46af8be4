/**
 * The protein section of mzTab 1.0 files, read as the mzTab 1.0.0 specification (HUPO-PSI, June 2014, sections
 * 5 "Metadata" and 6.2 "Protein section") defines it, and as jmzTab and pyteomics' MzTab read it:
 *
 *   MTD ⇥ ms_run[1]-location ⇥ file://…/file1.mzML           metadata: key and value
 *   MTD ⇥ assay[1]-ms_run_ref ⇥ ms_run[1]                     an assay is a run (and a label, for TMT/iTRAQ)
 *   MTD ⇥ assay[1]-quantification_reagent ⇥ [PRIDE, …, iTRAQ reagent 114, ]
 *   MTD ⇥ study_variable[1]-assay_refs ⇥ assay[1],assay[6]   the groups of assays, with a description
 *   PRH ⇥ accession ⇥ description ⇥ … ⇥ protein_abundance_assay[1] ⇥ … ⇥ protein_abundance_study_variable[1] ⇥ …
 *   PRT ⇥ P63017 ⇥ Heat shock … ⇥ … ⇥ 17.3 ⇥ …              one line per protein
 *
 * The samples are the `protein_abundance_assay[n]` columns, named by the assay's run file (its name without path
 * and extensions) and, when several assays share a run, its reagent (“file1 iTRAQ reagent 114”), else
 * "assay[n]"; their study variable (its description), run, label (reagent) and sample are sample annotations. A file
 * with no assay abundances (a Summary file) gives the `protein_abundance_study_variable[n]` columns instead,
 * named by the study variables' descriptions. The other PRH columns are feature annotations; the label is the
 * accession. "null" (mzTab's missing value) and the usual tokens are missing. Whether the abundances are logged
 * is not said by mzTab: it is decided from the values. Decoy and contaminant accessions (DECOY_, REV__, CON__, …)
 * are flagged as in the other formats. Lines of other sections (PSH/PSM, PEH/PEP, SMH/SML) and comments are skipped.
 *
 * @example readMzTab(lines, origin) // iTRAQ_CQI.mzTab: 5 proteins × 16 assays named “file1 iTRAQ reagent 114” …
 */
import { SkfrError } from '../../errors.js';
import { runName } from '../sample-names.js';
import type { DeclaredLayout, PrepStep, SampleTable, Table } from '../types.js';
import { CONTAMINANT_PREFIXES, DECOY_PREFIXES } from './specs.js';
import { cellColumns, declaredTable, distinctNames, type TableOrigin } from './table-builder.js';

const MZTAB_MISSING = new Set(['null', 'NULL']);
const ASSAY = /^protein_abundance_assay\[(\d+)\]$/;
const STUDY_VARIABLE = /^protein_abundance_study_variable\[(\d+)\]$/;

/** True when the first line that is not a comment or blank is a metadata (MTD) line. */
export function isMzTab(lines: readonly string[]): boolean {
  for (let i = 0; i < Math.min(lines.length, 50); i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('COM\t')) continue;
    return line.startsWith('MTD\t');
  }
  return false;
}

/** The name inside a CV parameter `[PRIDE, PRIDE:0000114, iTRAQ reagent 114, ]`, or the text itself. */
function paramName(text: string): string {
  const m = /^\[([^,]*),([^,]*),(.*),([^,]*)\]$/.exec(text.trim());
  return (m ? m[3]! : text).trim();
}

/** A run's name from its location: `file://C:/path/to/file1.mzML` → `file1`. */
function runOf(location: string): string {
  return runName(location.replace(/^file:\/*/i, '/'));
}

/** The Table of an mzTab file's protein section (its lines without line ends). */
export function readMzTab(lines: readonly string[], origin: Omit<TableOrigin, 'headerRow'>): Table {
  const name = `“${origin.fileName}”`;
  const mtd = new Map<string, string>();
  let header: string[] | null = null;
  let headerLine = 0;
  const rows: { line: number; cells: string[] }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const cells = line.split('\t');
    switch (cells[0]!.trim()) {
      case 'MTD':
        mtd.set((cells[1] ?? '').trim(), cells.slice(2).join('\t').trim());
        break;
      case 'PRH':
        if (header !== null) throw new SkfrError('unreadable-file', `${name} has two protein headers (PRH, lines ${headerLine} and ${i + 1}).`);
        header = cells.slice(1).map((c) => c.trim());
        while (header.length > 0 && header[header.length - 1] === '') header.pop();
        headerLine = i + 1;
        break;
      case 'PRT': {
        if (header === null) throw new SkfrError('unreadable-file', `Line ${i + 1} of ${name} is a protein line (PRT) before the protein header (PRH).`);
        const values = cells.slice(1);
        while (values.length > header.length && values[values.length - 1]!.trim() === '') values.pop();
        if (values.length > header.length) {
          throw new SkfrError('ragged-row', `Line ${i + 1} of ${name} has ${values.length} cells after “PRT”, more than the ${header.length} of the protein header (PRH, line ${headerLine}).`);
        }
        rows.push({ line: i + 1, cells: values });
        break;
      }
    }
  }
  if (header === null) {
    throw new SkfrError('unreadable-file', `${name} is an mzTab file without a protein section (no PRH line); SKFR Studio reads the protein abundances of its PRT lines.`);
  }
  if (rows.length === 0) throw new SkfrError('empty-sheet', `${name} has a protein header (PRH, line ${headerLine}) but no protein lines (PRT).`);
  const assays = header.filter((h) => ASSAY.test(h));
  const variables = header.filter((h) => STUDY_VARIABLE.test(h));
  const useAssays = assays.length > 0;
  const abundance = useAssays ? assays : variables;
  if (abundance.length === 0) {
    throw new SkfrError(
      'no-numeric-features',
      `${name} has no protein abundances: its protein header (PRH, line ${headerLine}) has no protein_abundance_assay[n] nor protein_abundance_study_variable[n] column.`,
    );
  }
  const index = (h: string) => Number((useAssays ? ASSAY : STUDY_VARIABLE).exec(h)![1]);
  const variableOf = new Map<number, number>();
  for (const [key, value] of mtd) {
    const m = /^study_variable\[(\d+)\]-assay_refs$/.exec(key);
    if (m) for (const ref of value.split(/[,|]/)) {
      const a = /assay\[(\d+)\]/.exec(ref);
      if (a) variableOf.set(Number(a[1]), Number(m[1]));
    }
  }
  const describe = (v: number | undefined) => (v === undefined ? null : (mtd.get(`study_variable[${v}]-description`) ?? `study_variable[${v}]`));
  const runOfAssay = (a: number) => {
    const ref = /ms_run\[(\d+)\]/.exec(mtd.get(`assay[${a}]-ms_run_ref`) ?? '');
    const location = ref ? mtd.get(`ms_run[${ref[1]}]-location`) : undefined;
    return location ? runOf(location) : null;
  };
  const reagentOf = (a: number) => {
    const r = mtd.get(`assay[${a}]-quantification_reagent`);
    const n = r ? paramName(r) : '';
    return n === '' || /^unlabell?ed sample$/i.test(n) ? null : n;
  };
  const sampleOf = (a: number) => {
    const ref = /sample\[(\d+)\]/.exec(mtd.get(`assay[${a}]-sample_ref`) ?? '');
    return ref ? (mtd.get(`sample[${ref[1]}]-description`) ?? `sample[${ref[1]}]`) : null;
  };

  // Sample names.
  const numbers = abundance.map(index);
  let rawNames: string[];
  if (useAssays) {
    const runs = numbers.map(runOfAssay);
    const shared = new Map<string, number>();
    for (const r of runs) if (r !== null) shared.set(r, (shared.get(r) ?? 0) + 1);
    rawNames = numbers.map((a, i) => {
      const run = runs[i];
      const reagent = reagentOf(a);
      if (run === null) return reagent !== null ? `assay[${a}] ${reagent}` : `assay[${a}]`;
      return shared.get(run)! > 1 ? `${run} ${reagent ?? `assay[${a}]`}` : run;
    });
  } else {
    rawNames = numbers.map((v) => describe(v)!);
  }
  const seen = new Map<string, number>();
  for (const n of rawNames) seen.set(n, (seen.get(n) ?? 0) + 1);
  rawNames = rawNames.map((n, i) => (seen.get(n)! > 1 ? `${n} [${numbers[i]}]` : n));

  const abundanceSet = new Set(abundance);
  const named = distinctNames(header.map((h) => (abundanceSet.has(h) ? rawNames[abundance.indexOf(h)]! : h)));
  const names = named.names;
  const columns = cellColumns(names, rows.length, (put) => rows.forEach((row, r) => row.cells.forEach((cell, c) => put(r, c, cell))), MZTAB_MISSING);
  const sampleColumns = abundance.map((h) => names[header!.indexOf(h)]!);
  const others = names.filter((n, c) => !abundanceSet.has(header![c]!) && !/^protein_abundance_(stdev|std_error)_study_variable\[/.test(header![c]!));
  const accession = names[header.indexOf('accession')] ?? null;
  const genes = others.filter((n) => /^opt_.*gene/i.test(n));

  const annotations: { name: string; values: (string | null)[] }[] = useAssays
    ? [
        { name: 'Study variable', values: numbers.map((a) => describe(variableOf.get(a))) },
        { name: 'Run', values: numbers.map(runOfAssay) },
        { name: 'Label', values: numbers.map(reagentOf) },
        { name: 'Sample (mzTab)', values: numbers.map(sampleOf) },
      ]
    : [{ name: 'Study variable', values: numbers.map((v) => `study_variable[${v}]`) }];
  const design: SampleTable = {
    source: `metadata of ${origin.fileName}`,
    sampleColumn: 'Sample',
    columns: [{ name: 'Sample', values: [...sampleColumns] }, ...annotations.filter((a) => a.values.some((v) => v !== null))],
  };
  const steps: PrepStep[] = accession === null ? [] : [
    { kind: 'remove-flagged', flag: 'decoy', markerColumn: null, idColumn: accession, prefixes: [...DECOY_PREFIXES] },
    { kind: 'remove-flagged', flag: 'contaminant', markerColumn: null, idColumn: accession, prefixes: [...CONTAMINANT_PREFIXES, 'CONTAMINANT_'] },
  ];
  const declared: DeclaredLayout = {
    format: 'mztab',
    label: 'mzTab protein section',
    rows: 'proteins',
    quantities: [{ name: useAssays ? 'protein_abundance_assay' : 'protein_abundance_study_variable', columns: sampleColumns, raw: null }],
    labelColumns: [...genes, ...(accession !== null ? [accession] : [])],
    annotationColumns: others,
    design,
    steps,
  };
  const notes = [...origin.notes, ...named.notes];
  if (!useAssays) notes.push(`${`“${origin.fileName}”`} reports abundances per study variable only (no protein_abundance_assay[n] columns): each study variable is read as a sample.`);
  return declaredTable({ ...origin, notes, headerRow: headerLine, sourceRows: Int32Array.from(rows, (r) => r.line) }, columns, declared);
}
