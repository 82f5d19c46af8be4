/**
 * GCT 1.2 and 1.3, read as the Broad Institute defines them (the GCT format pages of GenePattern and CLUE,
 * clue.io/connectopedia/gct_format) and as cmapPy's reader `cmapPy.pandasGEXpress.parse_gct` reads them:
 *
 *   #1.3                                    line 1: the version, "#1.2" or "#1.3"
 *   888 ⇥ 45 ⇥ 14 ⇥ 10                      line 2: data rows, data columns (samples), and for 1.3 the row-annotation
 *                                                   columns and the column-annotation rows
 *   id ⇥ rhd… ⇥ cid…                        line 3: "id", the row-annotation names, the sample ids
 *   chd ⇥ na… ⇥ value per sample            1.3: one line per column annotation (its name first, "na" under the
 *                                                   row-annotation names)
 *   rid ⇥ annotation… ⇥ value per sample    one line per row
 *
 * GCT 1.2 has "Name ⇥ Description ⇥ samples…" on line 3 (one row annotation, no column annotations). The file's
 * row ids and row annotations become the feature label and feature annotations, its column annotations the
 * sample annotations (a sample table keyed "Sample"), the sample columns the samples, as they are named.
 * Missing values are cmapPy's: #N/A, N/A, NA, #NA, NULL, NaN, -NaN, nan, -nan, #N/A!, na, None, #VALUE!, and -666
 * (CMap's null). The values can be anything (log ratios, expression): whether to log them is decided from them.
 *
 * The dimension line must agree with what follows: a header whose width is not 1 + row annotations + samples is
 * refused in one sentence (which columns are samples would be a guess); a row count that differs is read as the
 * file holds it, and a note says where the two disagree.
 *
 * @example readGct(lines, origin) // GCT 1.3: Table 888 rows × (1 + 14 + 45) columns, declared samples 45
 */
import { SkfrError } from '../../errors.js';
import type { Column, DeclaredLayout, SampleTable, Table } from '../types.js';
import { cellColumns, declaredTable, distinctNames, plural, type TableOrigin } from './table-builder.js';

/** cmapPy's missing values beyond MISSING_TOKENS. */
const GCT_MISSING = new Set(['#NA', 'NULL', '-NaN', '-nan', '#N/A!', 'na', 'None', '#VALUE!', '-666']);

/** A gene-symbol row annotation, preferred as the feature label. */
const GENE = /^(gene[ _.]?symbols?|pr_gene_symbol|gene[ _.]?names?|genes?|symbol|hgnc[ _.]?symbol)$/i;

/** The version of a GCT file from its first line, or null. */
export function gctVersion(firstLine: string): '1.2' | '1.3' | null {
  const m = /^#(1\.[23])$/.exec(firstLine.replace(/[\t ]+$/, '').trim());
  return m ? (m[1] as '1.2' | '1.3') : null;
}

/** A line's cells, without the empty cells a spreadsheet leaves at its end. */
function cellsOf(line: string): string[] {
  const cells = line.split('\t');
  while (cells.length > 0 && cells[cells.length - 1]!.trim() === '') cells.pop();
  return cells;
}

function isBlank(line: string): boolean {
  return line.replace(/[\t ,]/g, '') === '';
}

/** The Table of a GCT file (its lines without line ends); `origin` says where it came from (notes are added to). */
export function readGct(lines: readonly string[], origin: Omit<TableOrigin, 'headerRow'>): Table {
  const name = `“${origin.fileName}”`;
  const version = gctVersion(lines[0] ?? '')!;
  const dimsText = (lines[1] ?? '').trim();
  const dims = dimsText.split(/[\t ]+/).filter((d) => d !== '');
  const wanted = version === '1.3' ? 4 : 2;
  if (dims.length !== wanted || !dims.every((d) => /^\d+$/.test(d))) {
    throw new SkfrError(
      'unreadable-file',
      `${name} is a GCT ${version} file, but its line 2 should give ${version === '1.3' ? 'four whole numbers (rows, samples, row-annotation columns, column-annotation rows)' : 'two whole numbers (rows and samples)'} and reads “${dimsText}”.`,
    );
  }
  const [rows, samples, rowMeta, colMeta] = version === '1.3' ? dims.map(Number) : [Number(dims[0]), Number(dims[1]), 1, 0];
  const header = cellsOf(lines[2] ?? '');
  const width = 1 + rowMeta! + samples!;
  if (header.length !== width) {
    throw new SkfrError(
      'unreadable-file',
      `${name}: its dimension line (line 2) says ${plural(samples!, 'sample')} and ${plural(rowMeta!, 'row-annotation column')} besides the id, ${width} columns in all, but its header (line 3) has ${header.length}.`,
    );
  }
  // Column-annotation lines (1.3), then the data lines; blank lines are skipped and counted.
  let blank = 0;
  let at = 3;
  const colMetaLines: { line: number; cells: string[] }[] = [];
  for (; at < lines.length && colMetaLines.length < colMeta!; at++) {
    if (isBlank(lines[at]!)) {
      blank++;
      continue;
    }
    colMetaLines.push({ line: at + 1, cells: lines[at]!.split('\t') });
  }
  const data: { line: number; cells: string[] }[] = [];
  for (; at < lines.length; at++) {
    const line = lines[at]!;
    if (isBlank(line)) {
      if (at < lines.length - 1 || line !== '') blank++;
      continue;
    }
    const cells = cellsOf(line);
    if (cells.length > width) {
      throw new SkfrError('ragged-row', `Line ${at + 1} of ${name} has ${cells.length} cells, more than the ${width} of its header (line 3).`);
    }
    data.push({ line: at + 1, cells });
  }
  if (colMetaLines.length < colMeta!) {
    throw new SkfrError('unreadable-file', `${name}: its dimension line (line 2) announces ${plural(colMeta!, 'column-annotation row')}, but the file ends after ${colMetaLines.length}.`);
  }
  if (data.length === 0) throw new SkfrError('empty-sheet', `${name} is a GCT ${version} file with a header but no data rows.`);

  const notes = [...origin.notes];
  if (data.length !== rows) {
    notes.push(
      `${name}: the dimension line (line 2) says ${plural(rows!, 'row')}, but ${data.length} follow ` +
        `(the last on line ${data[data.length - 1]!.line}); all ${data.length} are read.`,
    );
  }
  const named = distinctNames(header);
  notes.push(...named.notes);
  const names = named.names;
  const columns: Column[] = cellColumns(names, data.length, (put) => {
    data.forEach((row, r) => row.cells.forEach((cell, c) => put(r, c, cell)));
  }, GCT_MISSING);

  const rowId = names[0]!;
  const annotations = names.slice(1, 1 + rowMeta!);
  const sampleColumns = names.slice(1 + rowMeta!);
  const gene = annotations.find((n) => GENE.test(header[names.indexOf(n)]!.trim()));
  const declared: DeclaredLayout = {
    format: 'gct',
    label: `GCT ${version}`,
    rows: 'rows',
    quantities: [{ name: 'Values', columns: sampleColumns, raw: null }],
    labelColumns: gene !== undefined ? [gene, rowId] : [rowId],
    annotationColumns: [rowId, ...annotations],
    design: colMeta! > 0 ? columnAnnotations(colMetaLines, sampleColumns, 1 + rowMeta!, origin.fileName) : null,
    steps: [],
  };
  return declaredTable({ ...origin, notes, headerRow: 3, blankRowsSkipped: blank, sourceRows: Int32Array.from(data, (d) => d.line) }, columns, declared);
}

/** The column-annotation lines as a sample table: one row per sample, keyed "Sample" (the sample column's name). */
function columnAnnotations(lines: readonly { cells: string[] }[], samples: readonly string[], first: number, fileName: string): SampleTable {
  const named = distinctNames(['Sample', ...lines.map((l) => l.cells[0]?.trim() || null)]);
  const value = (text: string | undefined): string | null => {
    const t = text?.trim() ?? '';
    return t === '' || GCT_MISSING.has(t) || t === 'NA' || t === 'NaN' || t === 'N/A' || t === '#N/A' ? null : t;
  };
  return {
    source: `column annotations of ${fileName}`,
    sampleColumn: named.names[0]!,
    columns: [
      { name: named.names[0]!, values: [...samples] },
      ...lines.map((line, i) => ({ name: named.names[i + 1]!, values: samples.map((_, s) => value(line.cells[first + s])) })),
    ],
  };
}
