/**
 * SomaScan ADAT files, read as SomaLogic's reader SomaDataIO reads them (`read_adat` and `parseHeader`, R package
 * SomaDataIO; the ADAT layout in its vignette "Loading and Wrangling SomaScan Data"):
 *
 *   ^HEADER                 `!Key ⇥ value` lines (AdatId, Version, AssayVersion, ProcessSteps, StudyMatrix, …)
 *   ^COL_DATA               `!Name` / `!Type` lists of the analyte fields
 *   ^ROW_DATA               `!Name` / `!Type` lists of the sample fields
 *   ^TABLE_BEGIN
 *   ⇥…⇥ SeqId ⇥ 10000-28 …  the analyte annotations, one line per field: as many empty cells as there are sample
 *                           fields, then the field's name, then one value per analyte
 *   PlateId ⇥ … ⇥ Sex       the names of the sample fields
 *   Set001 ⇥ … ⇥ F ⇥ ⇥ RFU… one line per sample: its fields, an empty separator cell, one RFU per analyte
 *
 * The analytes are the features (label: EntrezGeneSymbol, else Target, else SeqId, in a column "Analyte" made for
 * it; repeated labels get their SeqId), their fields (SeqId, UniProt, Target, Type, Dilution, …) feature
 * annotations. The samples are the lines of the table, named by SampleId (else SlideId_Subarray, as SomaDataIO
 * names rows); their fields with a value are sample annotations (a sample table keyed "Sample"). Rows whose
 * SampleType is not "Sample" (Calibrator, Buffer, QC) are flagged: the quantity "RFU" leaves them out, "RFU with
 * controls" keeps them, and a note says which they are. RFU are linear: log2 is proposed. Missing: "", ".", NA (as
 * SomaDataIO's na.strings). SomaScan's control analytes (Type other than Protein: hybridisation controls,
 * spuriomers, non-biotin, non-human) are read like the others, as SomaDataIO reads them, and a note counts them.
 *
 * A file cut inside its header block (no ^TABLE_BEGIN, or no line of sample-field names after the analyte
 * annotations) or inside a sample line is refused in one sentence.
 *
 * @example readAdat(lines, origin) // example_data10.adat: 5 284 analytes × 10 rows, quantity RFU = 9 samples
 */
import { SkfrError } from '../../errors.js';
import type { Column, DeclaredLayout, SampleTable, Table } from '../types.js';
import { cellColumns, declaredTable, distinctNames, plural, quoted, textColumn, type TableOrigin } from './table-builder.js';

/** SomaDataIO's na.strings beyond MISSING_TOKENS. */
const ADAT_MISSING = new Set(['.']);

/** True when the file opens (maybe after a checksum line) with `^HEADER`. */
export function isAdat(lines: readonly string[]): boolean {
  for (let i = 0; i < Math.min(lines.length, 3); i++) if (lines[i]!.replace(/\t+$/, '').trim() === '^HEADER') return true;
  return false;
}

type Section = 'start' | 'HEADER' | 'COL_DATA' | 'ROW_DATA' | 'other';

/** The Table of an ADAT file (its lines without line ends). */
export function readAdat(lines: readonly string[], origin: Omit<TableOrigin, 'headerRow'>): Table {
  const name = `“${origin.fileName}”`;
  const header = new Map<string, string>();
  let section: Section = 'start';
  let sectionName = '';
  let sectionLine = 0;
  let tableBegin = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\t+$/, '');
    const anchor = /^\^([A-Z_]+)/.exec(line.trim());
    if (anchor) {
      if (anchor[1] === 'TABLE_BEGIN') {
        tableBegin = i;
        break;
      }
      section = anchor[1] === 'HEADER' || anchor[1] === 'COL_DATA' || anchor[1] === 'ROW_DATA' ? anchor[1] : 'other';
      sectionName = anchor[1]!;
      sectionLine = i + 1;
      continue;
    }
    if (section === 'HEADER') {
      const [key, ...rest] = line.split('\t');
      const k = (key ?? '').replace(/^[^A-Za-z]+/, '');
      if (k !== '') header.set(k, rest.join('\t').trim());
    }
  }
  const cut = (where: string) =>
    new SkfrError(
      'unreadable-file',
      `${name} ends inside its header block (${where}): the table of analytes and samples never comes; the file is incomplete — export or download it again.`,
    );
  const lastLine = lines.length - (lines[lines.length - 1] === '' ? 1 : 0);
  if (tableBegin < 0) {
    throw cut(section === 'start' ? `after line ${lastLine}` : `after line ${lastLine}, in the ^${sectionName} section begun on line ${sectionLine}`);
  }

  // The analyte annotations: lines that begin with a tab; the empty cells before the field name are the sample fields.
  const fields: { name: string; cells: string[] }[] = [];
  let shift = -1;
  let at = tableBegin + 1;
  for (; at < lines.length; at++) {
    const line = lines[at]!;
    if (!line.startsWith('\t')) break;
    const cells = line.split('\t');
    let k = 0;
    while (k < cells.length && cells[k]!.trim() === '') k++;
    if (k === cells.length) continue;
    if (shift < 0) shift = k;
    fields.push({ name: cells[shift]!.trim(), cells: cells.slice(shift + 1) });
  }
  if (shift < 0 || at >= lines.length || lines[at]!.trim() === '') {
    throw cut(`after line ${Math.min(at, lastLine)}, in the analyte annotations below ^TABLE_BEGIN on line ${tableBegin + 1}`);
  }
  const seqIds = fields.find((f) => f.name === 'SeqId');
  if (!seqIds) {
    throw new SkfrError('unreadable-file', `${name}: its analyte annotations (below ^TABLE_BEGIN, line ${tableBegin + 1}) have no SeqId line, so the analytes cannot be named.`);
  }
  let analytes = seqIds.cells.length;
  while (analytes > 0 && seqIds.cells[analytes - 1]!.trim() === '') analytes--;

  // The sample-field names, then one line per sample.
  const headerLine = at + 1;
  // (ADAT ≥ 1.0 leaves the cell under the analyte fields' names empty, a separator; older ones put a last field there)
  const fieldNames = lines[at]!.split('\t').slice(0, shift + 1).map((c) => c.trim());
  while (fieldNames.length > 0 && fieldNames[fieldNames.length - 1] === '') fieldNames.pop();
  const rows: { line: number; cells: string[] }[] = [];
  let blank = 0;
  for (at++; at < lines.length; at++) {
    const line = lines[at]!;
    if (line.replace(/[\t ]/g, '') === '') {
      if (at < lines.length - 1 || line !== '') blank++;
      continue;
    }
    const cells = line.split('\t');
    if (cells.length < shift + 1 + analytes) {
      const got = Math.max(0, cells.length - shift - 1);
      throw new SkfrError(
        'ragged-row',
        `Line ${at + 1} of ${name} holds ${got} of the ${analytes} RFU values of its analytes${at === lines.length - 1 || lines.slice(at + 1).every((l) => l.trim() === '') ? ': the file is cut short' : ''}; export or download it again.`,
      );
    }
    rows.push({ line: at + 1, cells });
  }
  if (rows.length === 0) throw new SkfrError('empty-sheet', `${name} holds the annotations of ${plural(analytes, 'analyte')} but no sample rows.`);

  // Sample names: SampleId, else SlideId_Subarray (SomaDataIO's row names), else the line.
  const field = (row: { cells: string[] }, wanted: string): string => {
    const i = fieldNames.indexOf(wanted);
    return i < 0 ? '' : (row.cells[i] ?? '').trim();
  };
  const rawNames = rows.map((row) => {
    const id = field(row, 'SampleId');
    if (id !== '') return id;
    const slide = field(row, 'SlideId');
    const sub = field(row, 'Subarray');
    return slide !== '' && sub !== '' ? `${slide}_${sub}` : `Line ${row.line}`;
  });
  const notes = [...origin.notes];

  // Analyte columns: "Analyte" (the label), then every analyte field; the samples after them.
  const analyteFields = fields.map((f) => f.name);
  const named = distinctNames(['Analyte', ...analyteFields, ...rawNames]);
  notes.push(...named.notes.filter((n) => /repeats the name/.test(n)).map((n) => n.replace(/^Column \d+ repeats/, 'A sample name repeats')));
  const sampleColumns = named.names.slice(1 + analyteFields.length);
  const fieldColumns = cellColumns(named.names.slice(1, 1 + analyteFields.length), analytes, (put) => {
    fields.forEach((f, c) => {
      for (let a = 0; a < analytes; a++) put(a, c, f.cells[a]);
    });
  });
  const symbol = fields.find((f) => f.name === 'EntrezGeneSymbol');
  const target = fields.find((f) => f.name === 'Target');
  const labels = Array.from({ length: analytes }, (_, a) => symbol?.cells[a]?.trim() || target?.cells[a]?.trim() || seqIds.cells[a]!.trim());
  const data = cellColumns(sampleColumns, analytes, (put) => {
    rows.forEach((row, s) => {
      for (let a = 0; a < analytes; a++) put(a, s, row.cells[shift + 1 + a]);
    });
  }, ADAT_MISSING);
  const columns: Column[] = [textColumn(named.names[0]!, labels), ...fieldColumns, ...data];

  // Flagged rows: SampleType other than "Sample".
  const types = rows.map((row) => field(row, 'SampleType'));
  const flagged = fieldNames.includes('SampleType') ? rows.map((_, s) => types[s]!.toLowerCase() !== 'sample') : rows.map(() => false);
  const samples = sampleColumns.filter((_, s) => !flagged[s]);
  const controls = sampleColumns.filter((_, s) => flagged[s]);
  const quantities = samples.length > 0 && controls.length > 0
    ? [{ name: 'RFU', columns: samples, raw: true }, { name: 'RFU with controls', columns: [...sampleColumns], raw: true }]
    : [{ name: 'RFU', columns: [...sampleColumns], raw: true }];
  if (samples.length > 0 && controls.length > 0) {
    const kinds = [...new Set(types.filter((_, s) => flagged[s]).map((t) => t || '(empty)'))];
    notes.push(
      `${plural(controls.length, 'row')} of ${name} ${controls.length === 1 ? 'is' : 'are'} not a sample (SampleType ${quoted(kinds)}: ${quoted(controls)}) and ${controls.length === 1 ? 'is' : 'are'} left out; ` +
        `choose the quantity “RFU with controls” (on the Import screen, or --quantity 'RFU with controls') to keep ${controls.length === 1 ? 'it' : 'them'}.`,
    );
  } else if (controls.length > 0) {
    notes.push(`No row of ${name} has SampleType “Sample”; all ${rows.length} (${quoted([...new Set(types)])}) are read as samples.`);
  }
  const typeField = fields.find((f) => f.name === 'Type');
  if (typeField) {
    const counts = new Map<string, number>();
    for (let a = 0; a < analytes; a++) {
      const t = typeField.cells[a]?.trim() ?? '';
      if (t !== '' && t.toLowerCase() !== 'protein') counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    const total = [...counts.values()].reduce((s, n) => s + n, 0);
    if (total > 0) {
      notes.push(
        `${plural(total, 'analyte')} ${total === 1 ? 'is a' : 'are'} SomaScan control${total === 1 ? '' : 's'} (Type ${[...counts].map(([t, n]) => `${t} ${n}`).join(', ')}), read like the others; the annotation “Type” tells them.`,
      );
    }
  }
  const steps = header.get('ProcessSteps');
  if (steps) notes.push(`The RFU of ${name} are as its header says they were processed: ${steps}.`);

  const design: SampleTable = {
    source: `sample fields of ${origin.fileName}`,
    sampleColumn: 'Sample',
    columns: [
      { name: 'Sample', values: [...sampleColumns] },
      ...distinctNames(fieldNames).names
        .map((fieldName, f) => ({ name: fieldName === 'Sample' ? 'Sample (field)' : fieldName, values: rows.map((row) => blankToNull(row.cells[f])) }))
        .filter((c) => c.values.some((v) => v !== null)),
    ],
  };
  const declared: DeclaredLayout = {
    format: 'adat',
    label: 'SomaScan ADAT',
    rows: 'analytes',
    quantities,
    labelColumns: [named.names[0]!, ...(analyteFields.includes('SeqId') ? [named.names[1 + analyteFields.indexOf('SeqId')]!] : [])],
    annotationColumns: named.names.slice(1, 1 + analyteFields.length),
    design,
    steps: [],
  };
  return declaredTable({ ...origin, notes, headerRow: headerLine, blankRowsSkipped: blank }, columns, declared);
}

function blankToNull(text: string | undefined): string | null {
  const t = text?.trim() ?? '';
  return t === '' || t === 'NA' || t === '.' ? null : t;
}
