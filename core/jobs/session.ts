/**
 * A jobs session: the one place that turns a JobRequest into work. It keeps opened datasets (parsed Table,
 * recognised layout, the bytes and their SHA-256) and fits in maps, so the renderer only ever holds ids,
 * previews and results. 'map' and 'fit' run core/prepare (mapping, then the request's recipe, for the dataset's
 * recognised format); 'design' reads a sample table for `mapping.design` (design.ts).
 *
 * `runJob` never throws: errors come back as `{ ok: false, error }` (SkfrError codes; anything else is
 * 'internal'). Progress is throttled to ≤ 10 messages a second (first and last always sent).
 * Cancellation is cooperative: the signal is handed to the engine, which checks it every iteration,
 * restart and permutation, and throws SkfrError('cancelled').
 *
 * @example
 * const session = createSession(nodeFileIO);
 * const opened = await session.runJob({ type: 'open', source: { kind: 'path', path: 'mice.csv' } });
 * if (opened.ok) await session.runJob({ type: 'fit', datasetId: opened.result.datasetId, mapping, settings });
 */
import { runAnalysisAsync, computeMetrics, type AnalysisEngine } from '../analysis.js';
import { SkfrError, assertNever, toErrorInfo } from '../errors.js';
import { confoundings } from '../prepare/confounding.js';
import { EMPTY_RECIPE, prepare, scaleOf } from '../prepare/index.js';
import type { FormatId, Layout, Mapping, MappedData, Recipe } from '../table/types.js';
import { type Dataset, loadDataset, openResult, sourceBytes, withLabelColumns, withSheet } from './datasets.js';
import {
  fitFromSession, inputCandidates, parseSessionFile, SESSION_FORMAT_VERSION, SESSION_KIND, SESSION_LIMITS, tuneFromSession, viewFromSession,
  type SessionFile, type SessionResult,
} from './session-file.js';
import { readDesign } from './design.js';
import { runExport, type ExportSource } from './export.js';
import { tableRows } from './rows.js';
import { buildFitView, sampleHeatmapOf } from './fit-view.js';
import { createPreviews } from './preview.js';
import { proposalFor } from './proposal.js';
import { defaultFeatureColumns, reproduceCommand } from '../report/command.js';
import { sampleIdColumn } from '../request/sample-id.js';
import { now, throttleProgress } from './progress.js';
import { plainList } from '../table/lazy-list.js';
import type { FileIO, FitSettings, JobRequest, JobResponse, MapResult, ResultOf, RunOptions, SessionOpened, SessionRequest } from './types.js';

/** Live previews kept for evaluate and the next preview (issue 27). */
const MAX_PREVIEWS = 4;

export interface Session {
  runJob<R extends JobRequest>(request: R, options?: RunOptions): Promise<JobResponse<R['type']>>;
}

export interface SessionOptions {
  /** Written into report workbooks (default '0.1.0'). */
  version?: string;
  /** Fits kept for evaluate / export (oldest dropped first; default 20). Live previews are kept apart (the last 4). */
  maxFits?: number;
  /** Minimum time between two progress messages (default 100 ms). */
  progressIntervalMs?: number;
  /**
   * Prefix of dataset and fit ids, so ids from a previous (crashed) process never address data of a new one.
   * Default: the start time in base 36.
   */
  idPrefix?: string;
  /** Where fits and tunings run, e.g. a worker pool (default: the engine in this thread). */
  engine?: AnalysisEngine;
}

/** A fit kept in the session: what an export needs, less the input file and version added at export time. */
interface FitRecord extends Omit<ExportSource, 'input' | 'version'> {
  datasetId: string;
  mapping: Mapping;
  recipe: Recipe;
  layout: NonNullable<ExportSource['layout']>;
  /** Issue 27: a live preview (never exported). */
  preview?: boolean;
}

/** Missing cells of the n × p matrix per sample (n) and per feature (p). */
export function missingCounts(mapped: MappedData): { bySample: Int32Array; byFeature: Int32Array } {
  const { rows: n, cols: p, data } = mapped.matrix;
  const bySample = new Int32Array(n);
  const byFeature = new Int32Array(p);
  for (let i = 0; i < n; i++) {
    const row = i * p;
    let count = 0;
    for (let l = 0; l < p; l++) {
      const v = data[row + l]!;
      if (v !== v) {
        count++;
        byFeature[l]!++;
      }
    }
    bySample[i] = count;
  }
  return { bySample, byFeature };
}

const collator = new Intl.Collator('en', { numeric: true });

/** Distinct (non-missing) values of each sample annotation with their counts, sorted by value (H2 before H10). */
export function annotationValues(annotations: MappedData['annotations']): MapResult['annotationValues'] {
  const out: MapResult['annotationValues'] = {};
  for (const [name, values] of Object.entries(annotations)) {
    const counts = new Map<string, number>();
    for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
    out[name] = [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => collator.compare(a.value, b.value) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }
  return out;
}

function mapResult(datasetId: string, mapped: MappedData, recipe: Recipe): MapResult {
  const missing = missingCounts(mapped);
  return {
    datasetId,
    n: mapped.matrix.rows,
    p: mapped.matrix.cols,
    missingCells: mapped.missingCells,
    featureNames: mapped.featureNames,
    droppedFeatures: mapped.droppedFeatures ?? [],
    warnings: mapped.warnings,
    sampleIds: plainList(mapped.sampleIds),
    missingBySample: missing.bySample,
    missingByFeature: missing.byFeature,
    preparation: mapped.preparation ?? [],
    design: mapped.design ?? null,
    annotationNames: Object.keys(mapped.annotations),
    annotationValues: annotationValues(mapped.annotations),
    confounding: confoundings(mapped.annotations, recipe),
  };
}

/**
 * The quantity kind a mapping reads (MaxQuant "LFQ intensity", …): the recognised quantity holding all of the
 * mapped sample columns; null for plain tables, samples as rows, or columns of no single quantity.
 */
export function quantityOf(layout: Layout, mapped: MappedData): string | null {
  const columns = mapped.sampleColumns;
  if (layout.format === 'table' || !columns || columns.length === 0) return null;
  const hit = layout.quantities.find((q) => {
    const own = new Set(q.columns);
    return columns.every((c) => own.has(c));
  });
  return hit?.name ?? null;
}

/** Reads a `.skfr` file (issue 16) and finds its input: the first recorded path that is a file, when the host can look. */
async function readSession(source: SessionRequest['source'], io: FileIO | undefined): Promise<SessionOpened> {
  const { fileName, bytes } = await sourceBytes(source, io);
  if (bytes.length > SESSION_LIMITS.fileBytes) {
    throw new SkfrError('invalid-session', `“${fileName}” is too large for an SKFR Studio analysis (more than ${SESSION_LIMITS.fileBytes / 1024 ** 2} MiB).`);
  }
  const decoder = new (globalThis as unknown as { TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(b: Uint8Array): string } }).TextDecoder('utf-8', { fatal: true });
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw new SkfrError('invalid-session', `“${fileName}” is not an SKFR Studio analysis (.skfr) file: it is not UTF-8 text.`);
  }
  const session = parseSessionFile(text, fileName);
  if (session instanceof SkfrError) throw session;
  const path = source.kind === 'path' ? source.path : null;
  let inputPath: string | null = null;
  if (io?.isFile) {
    for (const candidate of inputCandidates(session, path)) {
      if (await io.isFile(candidate).catch(() => false)) {
        inputPath = candidate;
        break;
      }
    }
  }
  return { session, fileName, path, inputPath };
}

/** The `skfr cluster …` command of a run on dataset `d` (core/report/command.ts). */
function commandOf(d: Dataset, layout: { format: FormatId; quantity: string | null }, mapping: Mapping, recipe: Recipe, settings: FitSettings, classColumn: string | null): string {
  return reproduceCommand({
    fileName: d.fileName,
    sheet: d.table.format === 'xlsx' || d.table.format === 'xls' ? d.table.sheet : null,
    headerRow: d.table.headerRow ?? 1,
    ...(d.table.noHeader ? { noHeader: true } : {}),
    layout: d.layout,
    format: layout.format,
    quantity: layout.quantity,
    mapping,
    recipe,
    settings,
    classColumn,
    defaultFeatures: defaultFeatureColumns(d.table.columns, mapping),
    ruleIdColumn: mapping.orientation === 'samples-as-rows' ? sampleIdColumn(d.table) : null,
  });
}

/** Refuses to show saved results on data that maps to other samples or features (one sentence). */
function checkSameData(fileName: string, mapped: MappedData, result: SessionResult): void {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (same(mapped.sampleIds, result.sampleIds) && same(mapped.featureNames, result.featureNames)) return;
  const { rows: n, cols: p } = mapped.matrix;
  const shape = n === result.n && p === result.p ? ` (${n} samples × ${p} features, but other names or order)` : ` ${n} samples × ${p} features`;
  throw new SkfrError(
    'invalid-session',
    `With the recorded mapping and preparation, “${fileName}” gives${shape}, not the ${result.n} × ${result.p} of the saved analysis; re-run the analysis to see this file's results.`,
  );
}

/** A SessionFile around a restore request's parts (what fitFromSession and viewFromSession read). */
function restoredSession(
  d: Dataset, layout: { format: FormatId; quantity: string | null }, mapping: Mapping, recipe: Recipe, settings: FitSettings, classColumn: string | null, result: SessionResult,
): SessionFile {
  return {
    kind: SESSION_KIND,
    formatVersion: SESSION_FORMAT_VERSION,
    savedAt: '',
    savedBy: '',
    input: { fileName: d.fileName, path: null, absolutePath: null, size: d.size, sha256: d.sha256, sheet: null, headerRow: d.table.headerRow ?? 1 },
    layout: { format: layout.format, quantity: layout.quantity },
    mapping,
    recipe,
    settings,
    classColumn,
    result,
  };
}

export function createSession(io?: FileIO, options: SessionOptions = {}): Session {
  const version = options.version ?? '0.1.0';
  const maxFits = options.maxFits ?? 20;
  const datasets = new Map<string, Dataset>();
  const fits = new Map<string, FitRecord>();
  /** Issue 27: the last live previews (kept apart, so a slider's run of them never pushes a real fit out). */
  const previewFits = new Map<string, FitRecord>();
  const previews = createPreviews();
  /** The path each dataset was opened from (datasets opened from bytes or examples have none). */
  const openedFrom = new Map<string, string>();
  /** Last mapping + recipe applied per dataset (re-used by fit requests with the same mapping and recipe). */
  const mappedCache = new Map<string, { key: string; mapped: MappedData }>();
  const prefix = options.idPrefix ?? Date.now().toString(36);
  let nextDataset = 0;
  let nextFit = 0;

  function dataset(id: string): Dataset {
    const d = datasets.get(id);
    if (!d) throw new SkfrError('unknown-dataset', `No open dataset has the id “${id}”; it may have been closed. Open the file again.`);
    return d;
  }

  function fitRecord(id: string): FitRecord {
    const f = fits.get(id) ?? previewFits.get(id);
    if (!f) throw new SkfrError('unknown-fit', `No result has the id “${id}”; it may have been replaced or its dataset closed. Run the analysis again.`);
    return f;
  }

  /** Keeps a fit's record under `fitId` as the newest, forgetting the oldest beyond maxFits. */
  function keepFit(fitId: string, record: FitRecord): void {
    fits.delete(fitId);
    fits.set(fitId, record);
    while (fits.size > maxFits) fits.delete(fits.keys().next().value!);
  }

  /** The dataset with the mapping's label columns as text, as written (datasets.ts withLabelColumns). */
  async function labelled(id: string, mapping: Mapping): Promise<Dataset> {
    const d = dataset(id);
    const again = await withLabelColumns(d, mapping);
    if (again !== d) {
      datasets.set(id, again);
      mappedCache.delete(id);
    }
    return again;
  }

  /** The mapping, then the recipe's steps (core/prepare), for the dataset's recognised format. */
  function mapDataset(d: Dataset, mapping: Mapping, recipe: Recipe, signal?: RunOptions['signal']): MappedData {
    const key = JSON.stringify([mapping, recipe]);
    const cached = mappedCache.get(d.id);
    if (cached && cached.key === key) return cached.mapped;
    mappedCache.delete(d.id); // a failing mapping must not leave the previous one answering for it
    const mapped = prepare(d.table, mapping, recipe, { format: d.layout.format, ...(signal ? { signal } : {}) });
    mappedCache.set(d.id, { key, mapped });
    return mapped;
  }

  /**
   * An export never replaces a file opened in this session: the same real file (FileIO.sameFile: symlinks,
   * `..`, letter case), or the same path when the host cannot tell.
   */
  async function refuseOpenedFile(path: string): Promise<void> {
    for (const opened of new Set(openedFrom.values())) {
      if (path === opened || (io?.sameFile ? await io.sameFile(path, opened).catch(() => false) : false)) {
        throw new SkfrError(
          'write-failed',
          `Cannot export to “${path}”: it is the data file you opened, and SKFR Studio never overwrites an input file; choose another name.`,
        );
      }
    }
  }

  async function run(request: JobRequest, opts: RunOptions): Promise<ResultOf[JobRequest['type']]> {
    if (opts.signal?.aborted) throw new SkfrError('cancelled', 'The run was cancelled.');
    switch (request.type) {
      case 'open': {
        const d = await loadDataset(request.datasetId ?? `d-${prefix}-${++nextDataset}`, request.source, { sheet: request.sheet, headerRow: request.headerRow, noHeader: request.noHeader, signal: opts.signal }, io);
        datasets.set(d.id, d);
        mappedCache.delete(d.id);
        if (request.source.kind === 'path') openedFrom.set(d.id, request.source.path);
        else openedFrom.delete(d.id);
        return openResult(d);
      }
      case 'sheet': {
        const d = await withSheet(dataset(request.datasetId), request.sheet, request.headerRow);
        datasets.set(d.id, d);
        mappedCache.delete(d.id);
        return openResult(d);
      }
      case 'design':
        return readDesign(request, dataset, io);
      case 'map': {
        const d = await labelled(request.datasetId, request.mapping);
        const asked = request.recipe ?? EMPTY_RECIPE;
        // The Import screen changed what is mapped: the preparation proposed again as skfr cluster proposes it.
        const proposal = request.propose ? proposalFor(d, request.mapping, asked, request.propose) : null;
        const recipe = proposal?.recipe ?? asked;
        const result = mapResult(d.id, mapDataset(d, request.mapping, recipe, opts.signal), recipe);
        if (proposal) {
          // A fit of this recipe reports these reasons (as skfr cluster reports its own).
          datasets.set(d.id, { ...d, layout: { ...d.layout, reasons: proposal.reasons, scaleBasis: proposal.scaleBasis } });
          result.proposal = proposal;
        }
        return result;
      }
      case 'fit': {
        const d = await labelled(request.datasetId, request.mapping);
        const recipe = request.recipe ?? EMPTY_RECIPE;
        const mapped = mapDataset(d, request.mapping, recipe, opts.signal);
        const layout = { format: d.layout.format, formatLabel: d.layout.formatLabel, quantity: quantityOf(d.layout, mapped) };
        const classColumn = request.classColumn ?? null;
        const t0 = now();
        const analysis = await runAnalysisAsync(mapped, request.settings, {
          classColumn, onProgress: opts.onProgress, signal: opts.signal, ...(options.engine ? { engine: options.engine } : {}),
        });
        const fitMs = now() - t0;
        const fitId = request.fitId ?? `f-${prefix}-${++nextFit}`;
        const command = commandOf(d, layout, request.mapping, recipe, request.settings, classColumn);
        const view = buildFitView({
          fitId, datasetId: d.id, fileName: d.fileName, settings: request.settings, fit: analysis.fit, tune: analysis.tune,
          metrics: analysis.metrics, mapped, parseMs: d.parseMs, fitMs, recipe, format: layout.format, quantity: layout.quantity, command,
          extras: analysis,
        });
        keepFit(fitId, {
          datasetId: d.id, fit: analysis.fit, tune: analysis.tune, mapped, metrics: analysis.metrics, classColumn, settings: request.settings, recipe, layout, mapping: request.mapping,
          reasons: d.layout.reasons ?? [], warnings: view.warnings, command,
          sRules: analysis.sRules, sFlags: analysis.sFlags, kCurve: analysis.kCurve, ksSteps: analysis.ksSteps, stability: analysis.stability,
        });
        return view;
      }
      case 'evaluate': {
        const f = fitRecord(request.fitId);
        const classes = f.mapped.annotations[request.classColumn];
        if (!classes) {
          const kept = Object.keys(f.mapped.annotations);
          throw new SkfrError('unknown-column', `“${request.classColumn}” is not an annotation column of this analysis${kept.length ? ` (annotation columns: ${kept.join(', ')})` : ' (it has none)'}; add it as an annotation column and run again.`);
        }
        return computeMetrics(f.fit.labels, classes, request.classColumn);
      }
      case 'export': {
        const f = fitRecord(request.fitId);
        if (f.preview) {
          throw new SkfrError('invalid-request', 'These results are a live preview (one fit started from the clusters shown before): wait for the full fit at this s and k, then export.');
        }
        const d = dataset(f.datasetId);
        if (request.path !== undefined) await refuseOpenedFile(request.path);
        return runExport(
          { ...f, input: { fileName: d.fileName, sha256: d.sha256, size: d.size, headerRow: d.table.headerRow ?? null }, version },
          request.what, request.format, request.path, io, opts.signal,
        );
      }
      case 'rows': {
        const d = dataset(request.datasetId);
        return { datasetId: d.id, start: request.start, rows: tableRows(d.table, request.start, request.count), rowCount: d.table.rowCount };
      }
      case 'session':
        return readSession(request.source, io);
      case 'restore': {
        // Issue 16: the saved results on the dataset as the recorded mapping and recipe give it; nothing is fitted.
        const d = await labelled(request.datasetId, request.mapping);
        const recipe = request.recipe ?? EMPTY_RECIPE;
        const mapped = mapDataset(d, request.mapping, recipe, opts.signal);
        checkSameData(d.fileName, mapped, request.result);
        const layout = { format: d.layout.format, formatLabel: d.layout.formatLabel, quantity: quantityOf(d.layout, mapped) };
        const classColumn = request.classColumn ?? null;
        const saved = restoredSession(d, layout, request.mapping, recipe, request.settings, classColumn, request.result);
        const fitId = request.fitId ?? `f-${prefix}-${++nextFit}`;
        const fit = fitFromSession(saved);
        const view = viewFromSession(saved, { fitId, datasetId: d.id });
        // The samples × proteins heatmap comes from the data, which a session file does not hold.
        view.heatmap = sampleHeatmapOf(mapped.matrix, view, scaleOf(recipe) === 'unit-variance');
        keepFit(fitId, {
          datasetId: d.id, fit, tune: tuneFromSession(saved, fit), mapped, metrics: view.metrics, classColumn, settings: request.settings, recipe, layout, mapping: request.mapping,
          reasons: d.layout.reasons ?? [], warnings: view.warnings, command: view.command,
          sRules: view.sRules ?? null, sFlags: view.sFlags ?? null, kCurve: view.kCurve ?? null, ksSteps: view.ksSteps ?? null, stability: view.stability ?? null,
        });
        return view;
      }
      case 'close': {
        dataset(request.datasetId);
        datasets.delete(request.datasetId);
        previews.forget(mappedCache.get(request.datasetId)?.mapped);
        mappedCache.delete(request.datasetId);
        openedFrom.delete(request.datasetId);
        for (const [id, f] of fits) if (f.datasetId === request.datasetId) fits.delete(id);
        for (const [id, f] of previewFits) if (f.datasetId === request.datasetId) previewFits.delete(id);
        return { closed: true };
      }
      case 'preview': {
        // Issue 27: one restart at s and k from the partition of the fit shown (preview.ts); the full fit follows.
        const source = fitRecord(request.fitId);
        const d = dataset(source.datasetId);
        const t0 = now();
        const { fit, settings } = previews.fit(source, { s: request.s, k: request.k }, opts.signal, opts.onProgress);
        const fitMs = now() - t0;
        const classes = source.classColumn !== null ? source.mapped.annotations[source.classColumn] : undefined;
        const metrics = source.classColumn !== null && classes ? computeMetrics(fit.labels, classes, source.classColumn) : null;
        const { layout, recipe, mapping } = source;
        const command = commandOf(d, layout, mapping, recipe, settings, source.classColumn);
        const fitId = `p-${prefix}-${++nextFit}`;
        const view = buildFitView({
          fitId, datasetId: d.id, fileName: d.fileName, settings, fit, tune: null, metrics, mapped: source.mapped, parseMs: d.parseMs, fitMs, recipe,
          format: layout.format, quantity: layout.quantity, command,
        });
        view.preview = { fromS: source.fit.options.s, fromK: source.fit.options.k };
        previewFits.set(fitId, {
          datasetId: d.id, fit, tune: null, mapped: source.mapped, metrics, classColumn: source.classColumn, settings, recipe, layout, mapping,
          reasons: source.reasons ?? [], warnings: view.warnings, command, sRules: null, sFlags: null, kCurve: null, ksSteps: null, stability: null, preview: true,
        });
        while (previewFits.size > MAX_PREVIEWS) previewFits.delete(previewFits.keys().next().value!);
        return view;
      }
      default:
        return assertNever(request);
    }
  }

  return {
    async runJob<R extends JobRequest>(request: R, opts: RunOptions = {}): Promise<JobResponse<R['type']>> {
      const type = request.type as R['type'];
      const progress = throttleProgress(opts.onProgress, options.progressIntervalMs ?? 100);
      try {
        const runOpts: RunOptions = { onProgress: (p) => progress.report(p) };
        if (opts.signal) runOpts.signal = opts.signal;
        const result = await run(request, runOpts);
        progress.flush();
        return { ok: true, type, result } as JobResponse<R['type']>;
      } catch (error) {
        progress.flush();
        return { ok: false, type, error: toErrorInfo(error) } as JobResponse<R['type']>;
      }
    },
  };
}

let defaultSession: Session | null = null;

/** runJob on a default, process-wide session without a file system (bytes and examples only). */
export function runJob<R extends JobRequest>(request: R, options?: RunOptions): Promise<JobResponse<R['type']>> {
  defaultSession ??= createSession();
  return defaultSession.runJob(request, options);
}
