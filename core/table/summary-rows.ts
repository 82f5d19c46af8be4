/**
 * Summary rows under a sheet's samples: a block of rows at the end of a table with one sample per row whose label
 * (the sample id, else the first text column) names a statistic — “Mean”, “SD”, “SEM”, “Median”, “Total”, “CV %”,
 * “n”, … — as a spreadsheet's author adds under the data. They are statistics of the samples, not samples: the
 * mapping leaves them out and says so (a warning naming them). Only the trailing block is read so: a sample named
 * “Mean” among the others stays a sample.
 * @example summaryRowCount(['S1', 'S2', 'Mean', 'SD']) // 2
 */
import { columnTexts } from './lookup.js';
import type { Column, Table } from './types.js';

/** Labels of statistics (trimmed, case-insensitive, a trailing colon or full stop left out). */
const STATISTIC =
  /^(mean|means|average|avg|median|sd|s\.d|std|stdev|std\.? ?dev|st\.? ?dev|standard deviation|sem|s\.e\.m|se|s\.e|standard error|standard error of the mean|cv|%cv|cv ?%|cv ?\(%\)|rsd|%rsd|rsd ?%|min|max|minimum|maximum|sum|total|totals|grand total|count|n|variance|var|range|iqr|mean ?± ?sd|mean ?\+\/- ?sd)$/i;

/** Whether a row's label names a statistic (see the module comment). */
export function isStatisticLabel(label: string | null): boolean {
  if (label === null) return false;
  return STATISTIC.test(label.trim().replace(/[:.]$/, '').trim());
}

/** Labels that could also name a sample (a mouse called Max, samples A … N): a summary only beside a stronger one. */
const WEAK = /^(n|min|max|minimum|maximum|count|range|var|se|s\.e)$/i;

/**
 * How many rows at the end of `labels` (the rows' labels, in order) are summary rows: the trailing block whose every
 * label names a statistic, one of them at least not a label a sample could have (WEAK: "n", "Max" …). All of them
 * (no sample left) counts as none: a table of statistics only is the user's.
 * Example: [S1, S2, Mean, SD, n] → 3; [A, B, …, N] → 0; [S1, Max] → 0.
 */
export function summaryRowCount(labels: ArrayLike<string | null>): number {
  let count = 0;
  let strong = false;
  while (count < labels.length && isStatisticLabel(labels[labels.length - 1 - count]!)) {
    strong ||= !WEAK.test(labels[labels.length - 1 - count]!.trim().replace(/[:.]$/, '').trim());
    count++;
  }
  return count === labels.length || !strong ? 0 : count;
}

/** The column whose texts label the rows for this rule: the sample id column, else the table's first text column. */
export function summaryLabelColumn(table: Pick<Table, 'columns'>, idColumn: Column | null): Column | null {
  return idColumn ?? table.columns.find((c) => c.kind === 'text') ?? null;
}

/** The summary rows at the end of a table with one sample per row, every row kept (summaryRowCount of its labels). */
export function tableSummaryRows(table: Pick<Table, 'columns'>, idColumn: string | null): number {
  const labelled = summaryLabelColumn(table, table.columns.find((c) => c.name === idColumn) ?? null);
  return labelled === null ? 0 : summaryRowCount(columnTexts(labelled));
}
