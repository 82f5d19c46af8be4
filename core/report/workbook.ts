/**
 * The report workbook: sheets Summary, Samples, Features, Centers, Gap (when s was tuned), K curve (when k was
 * chosen), Stability (when computed) and Contingency (when classes are known), as XLSX bytes.
 * Example: reportWorkbook({ fit, mapped, input: { fileName: 'mice.csv', sha256 }, version: '0.1.0',
 *   parameters: { k: 8, s: 24 }, classColumn: 'class' }) → sheets Summary, Samples (1081 rows), Features (78: every protein ranked),
 *   Centers (9), Contingency (9).
 */
import { toXlsx, type SheetRows } from '../table/write.js';
import { centersRows, contingencyRows, gapRows, rankingRows, kCurveRows, samplesRows, stabilityRows, type FeaturesRowsOptions } from './rows.js';
import { resolveMetrics, summaryRows, type ReportInput } from './summary.js';

/** The report's sheets as rows (what `reportWorkbook` writes). */
export function reportSheets(report: ReportInput): SheetRows[] {
  const metrics = resolveMetrics(report);
  const stability = report.stability ?? null;
  const featureOptions: FeaturesRowsOptions = { ...(report.imputed ? { imputed: report.imputed } : {}), stability };
  const sheets: SheetRows[] = [
    { name: 'Summary', rows: summaryRows(report, metrics) },
    { name: 'Samples', rows: samplesRows(report.fit, report.mapped, report.imputed ?? undefined, stability) },
    { name: 'Features', rows: rankingRows(report.fit, report.mapped, featureOptions) },
    { name: 'Centers', rows: centersRows(report.fit, report.mapped) },
  ];
  if (report.tune) sheets.push({ name: 'Gap', rows: gapRows(report.tune) });
  if (report.kCurve) sheets.push({ name: 'K curve', rows: kCurveRows(report.kCurve) });
  if (stability) sheets.push({ name: 'Stability', rows: stabilityRows(report.fit, report.mapped, stability) });
  if (metrics) sheets.push({ name: 'Contingency', rows: contingencyRows(metrics) });
  return sheets;
}

export function reportWorkbook(report: ReportInput): Uint8Array {
  return toXlsx(reportSheets(report));
}
