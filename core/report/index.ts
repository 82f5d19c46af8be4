/**
 * core/report: result tables (samples, ranked features, centers, gap, contingency) and the report workbook. The HTML
 * report (html.ts) and the SVG charts (svg.ts) load ECharts, so they are imported on their own, when needed.
 */
export {
  samplesRows,
  featuresRows,
  rankingRows,
  centersRows,
  gapRows,
  kCurveRows,
  stabilityRows,
  rulesLine,
  UNSTABLE_MARK,
  contingencyRows,
  rankByScore,
  featureAnnotationNames,
  imputedCellsOf,
  imputedInSample,
  IMPUTED_FEATURES_LIMIT,
  type FeaturesRowsOptions,
  type ImputedCells,
} from './rows.js';
export { summaryRows, resolveMetrics, type ReportInput } from './summary.js';
export { reportSheets, reportWorkbook } from './workbook.js';
export { resultWarnings, sFlagMessages, type ResultWarning, type WarningInput } from './warnings.js';
