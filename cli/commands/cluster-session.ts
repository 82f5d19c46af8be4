/**
 * `skfr cluster … --save-session FILE.skfr` (issue 16): the run as a saved analysis (core/jobs/session-file.ts),
 * which SKFR Studio reopens without running again and `skfr rerun` checks. The input's path is recorded relative
 * to the session file's folder ("/"-separated; they can move together) and absolute; the mapping and recipe that
 * ran, the settings, and the results as the app shows them: its FitView, built on the prepared matrix (which the
 * fit leaves intact when a session is saved), with the warnings and the command this run printed.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { buildFitView } from '../../core/jobs/fit-view.js';
import { toSessionFile } from '../../core/jobs/session-file.js';
import type { ClusterPlan } from './cluster-options.js';
import type { RunData } from './cluster-run.js';

/** The `.skfr` text of a run, for a session file written at `target`. */
export function sessionOf(plan: ClusterPlan, target: string, data: RunData): string {
  const { mapped, result, read, prep, input } = data;
  const view = buildFitView({
    fitId: '',
    datasetId: '',
    fileName: input.fileName,
    settings: plan.settings,
    fit: result.fit,
    tune: result.tune,
    metrics: result.metrics,
    mapped,
    parseMs: data.timings?.parseMs ?? 0,
    fitMs: data.timings?.fitMs ?? 0,
    recipe: prep.recipe,
    format: read.layout.format,
    quantity: read.layout.quantity,
    command: prep.command,
    extras: result,
    projection: data.projection ?? null,
  });
  const absolute = resolve(plan.file);
  const rel = relative(dirname(resolve(target)), absolute);
  return toSessionFile({
    // sheet: the workbook sheet read (null for CSV / TSV, which buildSession records as no sheet)
    opened: {
      fileName: input.fileName,
      sha256: input.sha256 ?? '',
      size: input.size ?? null,
      format: read.sheet === null ? 'csv' : 'xlsx',
      sheet: read.sheet ?? '',
      headerRow: read.headerRow ?? 1,
      ...(plan.layout.noHeader ? { noHeader: true as const } : {}),
    },
    absolutePath: absolute,
    relativePath: isAbsolute(rel) ? absolute : rel.split(sep).join('/'),
    request: { mapping: plan.mapping, recipe: prep.recipe, settings: plan.settings, classColumn: plan.classColumn },
    view: { ...view, warnings: data.warnings },
    savedBy: `skfr ${data.version}`,
  });
}
