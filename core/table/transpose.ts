/**
 * Transpose a table whose samples are columns: the first column holds feature names, the header holds the
 * sample ids. The result has a first text column "Sample" (the ids) and one column per feature row, with kinds
 * inferred again (see columns.ts).
 * Example: header [gene, s1, s2], rows [A, 1, 2], [B, 3, 4] → columns Sample [s1, s2], A [1, 2], B [3, 4].
 */
import { SkfrError } from '../errors.js';
import { classifyText } from './cells.js';
import { ColumnBuilder, uniqueHeaderNames } from './columns.js';
import { columnTexts } from './lookup.js';
import type { Column, Table } from './types.js';

export function transposeTable(table: Table): Table {
  if (table.columns.length < 2) {
    throw new SkfrError(
      'invalid-option',
      `“${table.fileName}” has one column only, so it cannot hold samples as columns; read it with samples as rows.`,
    );
  }
  const [first, ...samples] = table.columns;
  const featureNames = columnTexts(first!).map((name, r) => name ?? `Row ${r + 1}`);
  const { names, notes } = uniqueHeaderNames(['Sample', ...featureNames]);
  const m = samples.length;
  const builders = featureNames.map(() => new ColumnBuilder(m));
  samples.forEach((column, i) => {
    if (column.numbers) {
      const bad = new Map(column.badCells.map((b) => [b.row, b.text]));
      const numbers = column.numbers;
      for (let r = 0; r < numbers.length; r++) {
        const v = numbers[r]!;
        if (v === v) builders[r]!.setNumber(i, v);
        else {
          const text = bad.get(r);
          if (text === undefined) builders[r]!.setMissing(i);
          else builders[r]!.setText(i, text);
        }
      }
    } else {
      const texts = column.texts!;
      for (let r = 0; r < texts.length; r++) {
        const t = texts[r];
        builders[r]!.setCell(i, t === null || t === undefined ? null : classifyText(t));
      }
    }
  });
  const sampleColumn: Column = {
    name: names[0]!,
    kind: 'text',
    numbers: null,
    texts: samples.map((c) => c.name),
    missing: 0,
    badCells: [],
  };
  const columns = builders.map((b, r) =>
    b.finish(names[r + 1]!, m, b.needsAllTexts ? samples.map((c) => columnTexts(c, [r])[0]!) : undefined),
  );
  return {
    fileName: table.fileName,
    format: table.format,
    sheets: table.sheets,
    sheet: table.sheet,
    rowCount: m,
    columns: [sampleColumn, ...columns],
    notes: [...(table.notes ?? []), 'The table was transposed: its columns are the samples.', ...notes],
  };
}
