/**
 * CSV / TSV reader: UTF-8 (BOM skipped; UTF-16 with BOM and non-UTF-8 files — taken as Windows-1252 — are
 * re-encoded, see text.ts), delimiter sniffed among comma, semicolon
 * and tab, decimal comma accepted when the delimiter is a semicolon, RFC 4180 quoting.
 *
 * Fast path: cells are classified straight from the bytes — numbers are parsed without making a string, so a
 * large numeric file keeps one float64 per cell and no string per cell. Only text cells are decoded.
 * Example: "id;x\na;1,5\n" → columns id (text ["a"]) and x (numeric [1.5]).
 */
import { SkfrError } from '../errors.js';
import { isMissingBytes, parseNumberBytes, classifyText } from './cells.js';
import { ColumnBuilder, uniqueHeaderNames } from './columns.js';
import { countNonBlankLines } from './lines.js';
import { CsvScanner, ESCAPED, MESSY, PLAIN, QUOTED, unquoteMessy } from './scanner.js';
import { decodeUtf8, toUtf8Body } from './text.js';
import type { Column, Table } from './types.js';

export type Delimiter = ',' | ';' | '\t';
const CANDIDATES: Delimiter[] = [',', ';', '\t'];
const SNIFF_BYTES = 64 * 1024;
const SNIFF_ROWS = 20;

/**
 * Pick the delimiter: the candidate giving the header the most fields (> 1) with the same field count on the
 * first rows; `.tsv`/`.tab` files prefer tab. A single-column file gets a comma.
 * Example: "a;b\n1,5;2\n" → ';' (comma would give 1 then 2 fields).
 */
export function sniffDelimiter(body: Uint8Array, fileName: string): Delimiter {
  const sample = body.subarray(0, Math.min(body.length, SNIFF_BYTES));
  const truncated = sample.length < body.length;
  const preferTab = /\.(tsv|tab)$/i.test(fileName);
  const scored: { d: Delimiter; width: number; agree: number }[] = [];
  for (const d of CANDIDATES) {
    const counts: number[] = [];
    const scanner = new CsvScanner(sample, d.charCodeAt(0), fileName);
    try {
      while (counts.length < SNIFF_ROWS + 1 && scanner.next()) if (!scanner.blank) counts.push(scanner.count);
    } catch {
      // an unterminated quote inside the sample: judge on the rows read so far
    }
    if (truncated && counts.length > 1) counts.pop();
    const width = counts[0] ?? 0;
    if (width < 2) continue;
    scored.push({ d, width, agree: counts.filter((c) => c === width).length / counts.length });
  }
  const tab = scored.find((x) => x.d === '\t');
  if (preferTab && tab && tab.agree === 1) return '\t';
  scored.sort((a, b) => b.agree - a.agree || b.width - a.width);
  return scored[0]?.d ?? (preferTab ? '\t' : ',');
}

function fieldText(bytes: Uint8Array, start: number, end: number, flag: number): string {
  const raw = decodeUtf8(bytes, start, end);
  if (flag === ESCAPED) return raw.replace(/""/g, '"');
  if (flag === MESSY) return unquoteMessy(raw);
  return raw;
}

/** Parse CSV/TSV bytes into a Table (one pseudo-sheet named after the file). */
export function parseDelimited(bytes: Uint8Array, fileName: string): Table {
  const body = toUtf8Body(bytes);
  const delimiter = sniffDelimiter(body, fileName);
  const delimCode = delimiter.charCodeAt(0);
  const decimalComma = delimiter === ';';
  const scanner = new CsvScanner(body, delimCode, fileName);

  let headerFound = false;
  while (scanner.next()) {
    if (!scanner.blank) {
      headerFound = true;
      break;
    }
  }
  if (!headerFound) throw new SkfrError('empty-sheet', `“${fileName}” is empty: it has no header row and no data.`);
  const headerLine = scanner.rowLine;
  const width = scanner.count;
  const rawHeader: string[] = [];
  for (let c = 0; c < width; c++) rawHeader.push(fieldText(body, scanner.starts[c]!, scanner.ends[c]!, scanner.flags[c]!));
  const dataStart = scanner.pos;
  const startLine = scanner.line;

  // Sized once: exact unless quoted fields hold line breaks (then trimmed once in finish) or a one-column
  // file has blank lines inside its data (then grown).
  const capacity = countNonBlankLines(body, dataStart, body.length, delimiter !== '\t');
  const builders = rawHeader.map(() => new ColumnBuilder(capacity));
  let sourceRows = new Int32Array(capacity);

  let rows = 0;
  const reserveRow = (line: number): void => {
    if (rows === sourceRows.length) {
      const grown = new Int32Array(Math.max(1, rows * 2));
      grown.set(sourceRows);
      sourceRows = grown;
      for (const b of builders) b.reserve(Math.max(1, rows * 2));
    }
    sourceRows[rows] = line;
  };
  // Blank lines count only when data follows: then they are ragged (or, in a one-column file, missing cells).
  const blankLines: number[] = [];
  while (scanner.next()) {
    if (scanner.blank) {
      blankLines.push(scanner.rowLine);
      continue;
    }
    if (blankLines.length > 0) {
      if (width > 1) {
        throw new SkfrError(
          'ragged-row',
          `“${fileName}”, line ${blankLines[0]} is empty but the header (line ${headerLine}) has ${width} columns; ` +
            `remove the empty line.`,
        );
      }
      for (const line of blankLines) {
        reserveRow(line);
        builders[0]!.setMissing(rows++);
      }
      blankLines.length = 0;
    }
    const count = scanner.count;
    if (count !== width) {
      throw new SkfrError(
        'ragged-row',
        `“${fileName}”, line ${scanner.rowLine} has ${count} cells but the header (line ${headerLine}) has ${width} ` +
          `columns; every row needs one cell per column (look for an unquoted “${delimiter === '\t' ? 'tab' : delimiter}” or a missing cell).`,
      );
    }
    reserveRow(scanner.rowLine);
    const starts = scanner.starts;
    const ends = scanner.ends;
    const flags = scanner.flags;
    for (let c = 0; c < count; c++) {
      const builder = builders[c]!;
      const flag = flags[c]!;
      const start = starts[c]!;
      const end = ends[c]!;
      if (flag === PLAIN || flag === QUOTED) {
        let s = start;
        let e = end;
        if (flag === QUOTED) {
          while (s < e && body[s] === 0x20) s++;
          while (e > s && body[e - 1] === 0x20) e--;
        }
        const v = parseNumberBytes(body, s, e, decimalComma);
        if (v === v) builder.setNumber(rows, v);
        else if (flag === QUOTED) builder.setCell(rows, classifyText(decodeUtf8(body, start, end), decimalComma));
        else if (isMissingBytes(body, s, e)) builder.setMissing(rows);
        else builder.setText(rows, decodeUtf8(body, s, e));
      } else {
        builder.setCell(rows, classifyText(fieldText(body, start, end, flag), decimalComma));
      }
    }
    rows++;
  }
  if (rows === 0) {
    throw new SkfrError('empty-sheet', `“${fileName}” has a header row but no data rows.`);
  }

  const { names, notes } = uniqueHeaderNames(rawHeader);
  const needTexts = builders.map((b) => b.needsAllTexts);
  const allTexts = needTexts.some(Boolean)
    ? rereadTexts(body, delimCode, fileName, dataStart, startLine, width, rows, needTexts, decimalComma)
    : null;
  const columns: Column[] = builders.map((b, c) => b.finish(names[c]!, rows, allTexts?.[c] ?? undefined));
  return {
    fileName,
    format: delimiter === '\t' ? 'tsv' : 'csv',
    sheets: [fileName],
    sheet: fileName,
    rowCount: rows,
    columns,
    sourceRows: sourceRows.length === rows ? sourceRows : sourceRows.slice(0, rows),
    notes,
  };
}

/** Second pass for the few columns that turned out to be text but hold numeric cells: their cells as text. */
function rereadTexts(
  body: Uint8Array,
  delimCode: number,
  fileName: string,
  dataStart: number,
  startLine: number,
  width: number,
  rows: number,
  wanted: boolean[],
  decimalComma: boolean,
): ((string | null)[] | null)[] {
  const out = wanted.map((w) => (w ? new Array<string | null>(rows).fill(null) : null));
  const scanner = new CsvScanner(body, delimCode, fileName, dataStart);
  scanner.line = startLine;
  let row = 0;
  while (row < rows && scanner.next()) {
    if (scanner.blank && width > 1) continue; // (one-column files: a blank line inside the data is a missing cell)
    for (let c = 0; c < width; c++) {
      const texts = out[c];
      if (!texts) continue;
      const text = fieldText(body, scanner.starts[c]!, scanner.ends[c]!, scanner.flags[c]!);
      texts[row] = classifyText(text, decimalComma) === null ? null : text.trim();
    }
    row++;
  }
  return out;
}
