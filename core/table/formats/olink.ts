/**
 * Olink NPX data, read as Olink's reader OlinkAnalyze reads them (`read_NPX`: `read_NPX_target` for the wide
 * workbook of NPX Manager, `read_NPX_explore` for the long table; `clean_npx` for what is a control):
 *
 * - The wide workbook ("NPX Wide"): title rows ("NPX Data" or "Quantified data"), then stacked header rows whose
 *   first cells are Panel, Assay, Uniprot ID and OlinkID, an optional blank row, one row per sample (SampleID
 *   first, one NPX per assay, then per panel a "Plate ID" and a "QC Warning" column, maybe "QC Deviation from
 *   median" columns), then rows below the samples (LOD, Missing Data freq., Normalization), read as assay
 *   annotations. Internal control assays (Inc Ctrl, Det Ctrl, Ext Ctrl, Amp Ctrl) are not proteins: left out,
 *   and said. Cells "No Data", "> ULOQ", "< LLOQ" are missing, a leading "#" is dropped and a decimal comma
 *   read, as read_NPX_target does.
 * - The long table (SampleID, Index, OlinkID, UniProt, Assay, MissingFreq, Panel, PlateID, QC_Warning, LOD, NPX,
 *   …): pivoted to assays × samples (pivot.ts; a sample is a SampleID on a plate), rows of internal control
 *   assays (AssayType ext_ctrl, inc_ctrl, amp_ctrl) left out.
 *
 * Either way the assays are the features (label: Assay, made unique by OlinkID; UniProt, Panel, LOD annotations)
 * and the samples are named by their SampleID, so a sample table joins on it. Control samples — a SampleID
 * holding "control" (any case), or a sample type saying control, as clean_npx tells them — are flagged: the
 * quantity "NPX" leaves them out, "NPX with controls" keeps them, and a note names them. QC warnings (QC Warning
 * other than Pass) are kept, named in a note and in the sample annotation. NPX is already log2: no log is proposed
 * (a "Quantified data" workbook holds concentrations: log2 is).
 *
 * A workbook with the Olink header rows but no Assay row is refused in one sentence.
 *
 * @example readOlinkWide(rows, 0, origin) // npx_data1.xlsx: 184 assays × 160 rows, quantity NPX = 156 samples
 */
import { SkfrError } from '../../errors.js';
import type { Column, DeclaredLayout, SampleTable, Table } from '../types.js';
import { LONG_MAX_COLUMNS, squash } from './long.js';
import { pivotLong, type LongSpec } from './pivot.js';
import { cellColumns, declaredTable, distinctNames, plural, quoted, textColumn, type TableOrigin } from './table-builder.js';

/** A control sample by its name (clean_npx's control_sample_id_regex "control", any case). */
export function isControlName(name: string): boolean {
  return /control/i.test(name);
}

/** A control sample by its sample type (clean_npx: SAMPLE_CONTROL, PLATE_CONTROL, NEGATIVE_CONTROL). */
function isControlType(type: string | null): boolean {
  return type !== null && /control/i.test(type);
}

const CONTROL_ASSAY = /\b(inc|det|ext|amp)[ _]?ctrl\b/i;
const BOTTOM_ROW = /^(lod|plate lod|missing data freq\.?|normali[sz]ation|lloq|uloq|assay warning|lowest quantifiable level|plate lql)\b/i;

function text(cell: unknown): string | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : null;
  if (cell instanceof Date) return cell.toISOString();
  const t = String(cell).trim();
  return t === '' ? null : t;
}

type HeaderKey = 'panel' | 'assay' | 'uniprot' | 'olinkid';

function headerKey(first: string | null): HeaderKey | null {
  switch (squash(first ?? '')) {
    case 'panel':
      return 'panel';
    case 'assay':
      return 'assay';
    case 'uniprotid':
    case 'uniprot':
      return 'uniprot';
    case 'olinkid':
      return 'olinkid';
    default:
      return null;
  }
}

/**
 * The Table of an Olink NPX wide sheet, or null when the sheet is not one. `rows`: the sheet's rows from its
 * first (0-based sheet row `firstRow`), cells as the workbook reader gives them.
 */
export function readOlinkWide(rows: readonly (readonly unknown[])[], firstRow: number, origin: Omit<TableOrigin, 'headerRow'>): Table | null {
  const header = new Map<HeaderKey, number>();
  for (let i = 0; i < Math.min(rows.length, 15); i++) {
    const key = headerKey(text(rows[i]?.[0]));
    if (key !== null && !header.has(key)) header.set(key, i);
  }
  const ids = header.get('olinkid');
  const oids = ids !== undefined ? (rows[ids] ?? []).filter((c) => /^OID\d{5}$/.test(text(c) ?? '')).length : 0;
  const titles = rows.slice(0, Math.min(...header.values(), 15)).map((r) => r.map(text).filter((t) => t !== null).join(' '));
  const npxTitle = titles.some((t) => /\bNPX\b|Quantified/i.test(t));
  if (oids === 0 && !(header.has('panel') && header.has('uniprot') && npxTitle)) return null;
  const name = `“${origin.fileName}”`;
  const assayRow = header.get('assay');
  if (assayRow === undefined) {
    const at = ids ?? header.get('panel')!;
    throw new SkfrError(
      'unreadable-file',
      `${name} looks like an Olink NPX workbook (its ${ids !== undefined ? 'OlinkID' : 'Panel'} row is row ${firstRow + at + 1}), but it has no “Assay” row naming the assays above the samples; put that row back (first cell “Assay”) or export the NPX file again.`,
    );
  }
  const quantified = titles.some((t) => /Quantified/i.test(t));
  const last = Math.max(...header.values());
  let width = 0;
  for (const row of rows) width = Math.max(width, row.length);
  const at = (key: HeaderKey, c: number) => (header.has(key) ? text(rows[header.get(key)!]?.[c]) : null);

  // Columns: assays, per-panel sample annotations, internal controls.
  const assays: number[] = [];
  const sampleFields: { c: number; name: string; panel: string | null }[] = [];
  const controlAssays: string[] = [];
  for (let c = 1; c < width; c++) {
    const assay = at('assay', c);
    const panel = at('panel', c);
    if (assay !== null && /^plate ?id$/i.test(assay)) sampleFields.push({ c, name: 'Plate ID', panel });
    else if (assay !== null && /^qc ?warning$/i.test(assay)) sampleFields.push({ c, name: 'QC Warning', panel });
    else if (assay !== null && /qc ?deviation/i.test(assay)) sampleFields.push({ c, name: assay, panel });
    else if (assay !== null && CONTROL_ASSAY.test(assay)) controlAssays.push(assay);
    else if (assay !== null || at('olinkid', c) !== null) assays.push(c);
  }

  // Sample rows, then the rows below them (LOD, …).
  const samples: number[] = [];
  const bottom: number[] = [];
  let blank = 0;
  for (let i = last + 1; i < rows.length; i++) {
    const row = rows[i] ?? [];
    if (row.every((c) => text(c) === null)) {
      blank++;
      continue;
    }
    if (BOTTOM_ROW.test(text(row[0]) ?? '')) bottom.push(i);
    else samples.push(i);
  }
  if (samples.length === 0) throw new SkfrError('empty-sheet', `${name} has the Olink header rows but no sample rows below them.`);
  if (assays.length === 0) throw new SkfrError('no-numeric-features', `${name} has the Olink header rows but no assay columns.`);

  const notes = [...origin.notes];
  const rawNames = samples.map((i) => text(rows[i]![0]) ?? `Row ${firstRow + i + 1}`);
  const headerNames = (['assay', 'olinkid', 'uniprot', 'panel'] as const).filter((k) => header.has(k)).map((k) => text(rows[header.get(k)!]![0])!);
  const bottomNames = bottom.map((i) => text(rows[i]![0])!);
  const named = distinctNames([...headerNames, ...bottomNames, ...rawNames]);
  for (const note of named.notes) if (/repeats the name/.test(note)) notes.push(note.replace(/^Column \d+ repeats the name/, 'A SampleID repeats the name'));
  const sampleColumns = named.names.slice(headerNames.length + bottomNames.length);

  const odd = new Map<string, number>();
  const data = cellColumns(sampleColumns, assays.length, (put) => {
    samples.forEach((i, s) => {
      const row = rows[i]!;
      assays.forEach((c, a) => {
        const cell = row[c];
        if (typeof cell === 'string') {
          const t = cell.trim();
          if (/^(no data|> ?uloq|< ?lloq)$/i.test(t)) {
            odd.set(t, (odd.get(t) ?? 0) + 1);
            put(a, s, null);
            return;
          }
          put(a, s, t.replace(/^#\s*/, '').replace(/^([-+]?\d+),(\d+)$/, '$1.$2'));
          return;
        }
        put(a, s, text(cell));
      });
    });
  });
  const annotationColumns = [
    ...(['assay', 'olinkid', 'uniprot', 'panel'] as const).filter((k) => header.has(k)).map((k, i) => textColumn(named.names[i]!, assays.map((c) => at(k, c)))),
    ...bottom.map((i, b) => textColumn(named.names[headerNames.length + b]!, assays.map((c) => text(rows[i]![c])))),
  ];
  const columns: Column[] = [...annotationColumns, ...data];
  if (odd.size > 0) notes.push(`${[...odd].map(([t, n]) => `${plural(n, 'cell')} “${t}”`).join(', ')} of ${name} ${[...odd.values()].reduce((a, b) => a + b, 0) === 1 ? 'is' : 'are'} read as missing, as OlinkAnalyze reads them.`);
  if (controlAssays.length > 0) notes.push(`${plural(controlAssays.length, 'internal control column')} of ${name} (${quoted(controlAssays)}) ${controlAssays.length === 1 ? 'is' : 'are'} not an assay and ${controlAssays.length === 1 ? 'is' : 'are'} left out.`);
  if (bottom.length > 0) notes.push(`The ${bottom.length === 1 ? 'row' : 'rows'} ${quoted(bottomNames)} below the samples of ${name} ${bottom.length === 1 ? 'is' : 'are'} read as an annotation of each assay, not as ${bottom.length === 1 ? 'a sample' : 'samples'}.`);

  // Sample annotations: sample type, then per panel (or once, for one panel) Plate ID, QC Warning, ….
  const controls = rawNames.map(isControlName);
  const panels = new Set(sampleFields.map((f) => f.panel));
  const fieldNames = distinctNames(['SampleID', 'Sample type', ...sampleFields.map((f) => (panels.size > 1 && f.panel !== null ? `${f.name} (${f.panel})` : f.name))]).names;
  const design: SampleTable = {
    source: `sample columns of ${origin.fileName}`,
    sampleColumn: 'SampleID',
    columns: [
      { name: fieldNames[0]!, values: [...sampleColumns] },
      { name: fieldNames[1]!, values: controls.map((c) => (c ? 'control' : 'sample')) },
      ...sampleFields.map((f, k) => ({ name: fieldNames[2 + k]!, values: samples.map((i) => text(rows[i]![f.c])) })),
    ],
  };
  notes.push(...controlNotes(sampleColumns, controls, 'NPX'), ...qcNotes(design, name));
  const quantity = quantified ? 'Quantified value' : 'NPX';
  const kept = sampleColumns.filter((_, s) => !controls[s]);
  const declared: DeclaredLayout = {
    format: 'olink',
    label: quantified ? 'Olink quantified wide workbook' : 'Olink NPX wide workbook',
    rows: 'assays',
    quantities: kept.length > 0 && kept.length < sampleColumns.length
      ? [{ name: quantity, columns: kept, raw: quantified }, { name: `${quantity} with controls`, columns: [...sampleColumns], raw: quantified }]
      : [{ name: quantity, columns: [...sampleColumns], raw: quantified }],
    labelColumns: [named.names[0]!, ...(header.has('olinkid') ? [named.names[headerNames.indexOf(text(rows[ids!]![0])!)]!] : [])],
    annotationColumns: named.names.slice(0, headerNames.length + bottomNames.length),
    design,
    steps: [],
  };
  const top = Math.min(...header.values());
  return declaredTable({ ...origin, notes, headerRow: firstRow + top + 1, titleRows: titles.filter((t) => t !== ''), blankRowsSkipped: blank }, columns, declared);
}

/** The note for control samples left out (none when there are none, or only controls). */
function controlNotes(names: readonly string[], controls: readonly boolean[], quantity: string): string[] {
  const flagged = names.filter((_, s) => controls[s]);
  if (flagged.length === 0 || flagged.length === names.length) return [];
  return [
    `${plural(flagged.length, 'control sample')} (${quoted(flagged)}) ${flagged.length === 1 ? 'is' : 'are'} left out; choose the quantity “${quantity} with controls” ` +
      `(on the Import screen, or --quantity '${quantity} with controls') to keep ${flagged.length === 1 ? 'it' : 'them'}.`,
  ];
}

/** A note naming the samples whose QC warning is not "Pass" (they are kept). */
export function qcNotes(design: SampleTable, name: string): string[] {
  const key = design.columns[0]!;
  const flagged: string[] = [];
  const columns: string[] = [];
  for (const column of design.columns.filter((c) => /^qc[ _]?warning\b/i.test(c.name))) {
    column.values.forEach((v, s) => {
      if (v === null || /^pass$/i.test(v)) return;
      flagged.push(`${key.values[s]} (${column.name}: ${v})`);
      if (!columns.includes(column.name)) columns.push(column.name);
    });
  }
  if (flagged.length === 0) return [];
  const pass = design.columns.find((c) => c.name === columns[0])!.values.find((v) => v !== null && /^pass$/i.test(v)) ?? 'Pass';
  return [
    `${plural(flagged.length, 'QC warning')} in ${name}: ${flagged.slice(0, 6).join(', ')}${flagged.length > 6 ? ` and ${flagged.length - 6} more` : ''}; ` +
      `these samples are kept (to leave them out, keep the samples whose ${quoted(columns)} ${columns.length === 1 ? 'is' : 'are'} ${pass}: --where '${columns[0]}=${pass}'${columns.length > 1 ? ' for each' : ''}).`,
  ];
}

/** An Olink long table pivoted to assays × samples (module comment), or null when `table` is not one. */
export function olinkLong(table: Table): Table | null {
  if (table.declared || table.columns.length > LONG_MAX_COLUMNS) return null;
  const byName = new Map<string, string>();
  for (const c of table.columns) if (!byName.has(squash(c.name))) byName.set(squash(c.name), c.name);
  const sample = byName.get('sampleid');
  const protein = byName.get('olinkid');
  const npx = byName.get('npx');
  const quantified = byName.get('quantifiedvalue');
  const value = npx ?? quantified;
  if (sample === undefined || protein === undefined || value === undefined) return null;
  const notes: string[] = [];
  const assayType = byName.get('assaytype');
  let keep: Int32Array | null = null;
  if (assayType !== undefined) {
    const types = table.columns.find((c) => c.name === assayType)!.texts;
    if (types) {
      const kept: number[] = [];
      for (let r = 0; r < table.rowCount; r++) if (!/^(ext|inc|amp)_?ctrl$/i.test((types[r] ?? '').trim())) kept.push(r);
      if (kept.length < table.rowCount) notes.push(`${plural(table.rowCount - kept.length, 'row')} of internal control assays (${assayType} ext_ctrl, inc_ctrl, amp_ctrl) ${table.rowCount - kept.length === 1 ? 'is' : 'are'} left out.`);
      keep = Int32Array.from(kept);
    }
  }
  const plate = byName.get('plateid');
  const typeName = byName.get('sampletype');
  const assay = byName.get('assay');
  const quantity = npx !== undefined ? 'NPX' : 'Quantified value';
  const spec: LongSpec = {
    format: 'olink',
    label: npx !== undefined ? 'Olink NPX long table' : 'Olink quantified long table',
    rows: 'assays',
    protein,
    labels: assay !== undefined ? [assay] : [],
    sampleKeys: plate !== undefined ? [sample, plate] : [sample],
    nameOf: (parts) => parts[0]!,
    keyName: sample,
    value,
    quantity,
    raw: npx === undefined,
    features: [],
    differing: 'refuse',
    splitBy: byName.get('panel') ?? null,
    keep,
    control: (name, annotations) => isControlName(name) || (typeName !== undefined && isControlType(annotations.get(typeName) ?? null)),
    withControls: `${quantity} with controls`,
    zerosMissing: false,
    headerRow: table.headerRow ?? 1,
  };
  const pivoted = pivotLong(table, spec, notes);
  const design = pivoted.declared!.design!;
  pivoted.notes!.push(...qcNotes(design, `“${table.fileName}”`));
  return pivoted;
}
