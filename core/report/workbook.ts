/**
 * The report workbook: sheets Summary, Samples, Features, Centers, Gap (when s was tuned) and Contingency
 * (when classes are known), as XLSX bytes.
 * Example: reportWorkbook({ fit, mapped, input: { fileName: 'mice.csv', sha256 }, version: '0.1.0',
 *   parameters: { k: 8, s: 24 }, classColumn: 'class' }) → sheets Summary, Samples (1081 rows), Features (25),
 *   Centers (9), Contingency (9).
 */
import { toXlsx, type SheetRows } from '../table/write.js';
import { centersRows, contingencyRows, featuresRows, gapRows, samplesRows } from './rows.js';
import { resolveMetrics, summaryRows, type ReportInput } from './summary.js';

/** The report's sheets as rows (what `reportWorkbook` writes). */
export function reportSheets(report: ReportInput): SheetRows[] {
  const metrics = resolveMetrics(report);
  const sheets: SheetRows[] = [
    { name: 'Summary', rows: summaryRows(report, metrics) },
    { name: 'Samples', rows: report.imputed ? samplesRows(report.fit, report.mapped, report.imputed) : samplesRows(report.fit, report.mapped) },
    { name: 'Features', rows: featuresRows(report.fit, report.mapped, report.imputed ? { imputed: report.imputed } : {}) },
    { name: 'Centers', rows: centersRows(report.fit, report.mapped) },
  ];
  if (report.tune) sheets.push({ name: 'Gap', rows: gapRows(report.tune) });
  if (metrics) sheets.push({ name: 'Contingency', rows: contingencyRows(metrics) });
  return sheets;
}

export function reportWorkbook(report: ReportInput): Uint8Array {
  return toXlsx(reportSheets(report));
}
