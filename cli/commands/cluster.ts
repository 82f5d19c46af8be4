/**
 * `skfr cluster FILE …`: read a sheet, map its columns, run the analysis (core/analysis.ts), write the
 * requested files and print the result (JSON or a summary). The input is only ever read, and no output may
 * be it; every output is checked before the fit, and the outputs are written all or none (node/files.ts).
 * Restarts, gap permutations (over s and k) and stability subsamples run on a pool of worker threads
 * (--workers; same result for every count).
 * Ctrl+C or SIGTERM during the fit or the writing cancels the run: one line, nothing written, exit 130 / 143.
 */
import { basename } from 'node:path';
import { DEFAULT_PERMUTATIONS, runAnalysisAsync, type AnalysisResult } from '../../core/analysis.js';
import { DEFAULT_S_RULE } from '../../core/engine/gap.js';
import { SkfrError } from '../../core/errors.js';
import { formatCount } from '../../core/format-count.js';
import type { Sha256 } from '../../node/hash.js';
import { allocateSharedFloat64 } from '../../core/parallel/shared.js';
// The CSV path's modules only: SheetJS (~7 MB of an idle process, ~0.1 s to load) is imported when a workbook is read
// or written (sheetModules), never for a CSV in and CSV or JSON out.
import { prepare } from '../../core/prepare/index.js';
import { sampleIdColumn } from '../../core/request/sample-id.js';
import { describeJoin } from '../../core/table/design.js';
import type { FitView } from '../../core/jobs/types.js';
import { columnTexts, numericColumnNames } from '../../core/table/lookup.js';
import { numbersBuffer } from '../../core/table/row-major.js';
import { withFile } from '../../core/table/stream.js';
import { toCsv } from '../../core/table/write-csv.js';
import { rankingRows, samplesRows } from '../../core/report/rows.js';
import type { DesignJoin, FormatId, MappedData, SampleTable, StepReport, Table } from '../../core/table/types.js';
import type { ParseOptions } from '../../core/table/parse.js';
import type { CommandContext, OutputWriter } from '../context.js';
import { cancelledError, type CancelSignal } from '../../node/cancel.js';
import { outputWriter } from '../../node/files.js';
import { createWorkerPool, type WorkerPool } from '../../node/parallel/pool.js';
import { readTableChunks } from '../../node/parallel/read.js';
import { jsonChunks } from '../json-out.js';
import { collectAfterFit, collectAfterMapping, collectEvery } from '../memory.js';
import { createProgressBar } from '../progress.js';
import { CLUSTER_HELP, labelColumns, planCluster, poolOptionsFor, requestOf, withTuneAll, type ClusterPlan, type DesignSpec } from './cluster-options.js';
import { resolveRequest } from '../../core/request/resolve.js';
import { clusterJson, clusterSummary, type ClusterJson } from './cluster-output.js';
import { prepJson, reasonLines, recordRun, runWarnings, summaryTail, type RunPrep } from './cluster-prep.js';
import type { InputInfo, ReadInfo, RunData } from './cluster-run.js';
import { defaultFeatureColumns } from '../../core/report/command.js';
import type { ReportInput } from '../../core/report/summary.js';

export { CLUSTER_HELP };

const now = () => performance.now();
const encoder = new TextEncoder();

/** How many warnings of one kind are printed before they are summarised. */
const WARNING_LIMIT = 10;

export async function clusterCommand(argv: readonly string[], { io, version }: CommandContext): Promise<number> {
  const asked = planCluster(argv);
  if (asked === null) {
    io.stdout(CLUSTER_HELP + '\n');
    return 0;
  }
  const outputs = [asked.out?.path, asked.featuresOut?.path, asked.saveSession ?? undefined].filter((path): path is string => path !== undefined);
  if (asked.report) outputs.push(asked.report.path);
  if (outputs.length > 0) await io.checkOutputPaths?.(outputs, [asked.file]);
  const t0 = now();
  const { plan, mapped, input, read, prep, inPlace } = await loadMapped(asked, io);
  // A parsed table that was not mapped in place (a workbook, samples as columns, …) is garbage now and as large
  // as the matrix: return it before the fit (see cli/memory.ts). Mapped in place, the table's buffer is the
  // matrix, and what is left is a few MB that a forced collection (~9 ms) need not hurry; so is a small table's —
  // unless the rows are many: the reader's line numbers, 4 bytes a row (20 million: 80 MB, which V8 left resident
  // through the whole fit, the main thread allocating almost nothing meanwhile).
  collectAfterMapping(inPlace, mapped.matrix.data.byteLength, read.rowsRead);
  const parseMs = now() - t0;
  // Threads start once the file is parsed (started earlier, they would slow the parse down on a small
  // machine); with one core, --workers 1 or a small fit (poolOptionsFor) everything runs in this thread.
  const t1 = now();
  const pool = createWorkerPool(poolOptionsFor(plan.workers, plan.settings, mapped.matrix.rows, mapped.matrix.cols));
  // From here on Ctrl+C / SIGTERM cancel: the fit stops at its next check (threads or not), outputs being
  // written are rolled back.
  const cancel: Cancel = { signal: null, aborted: false, writer: null };
  const unsubscribe = io.onInterrupt?.((signal = 'SIGINT') => {
    cancel.signal ??= signal;
    cancel.aborted = true;
    cancel.writer?.cancel(signal);
  });
  try {
    const result = await analyse(plan, mapped, pool, io, cancel);
    collectAfterFit(mapped.matrix.rows);
    const fitMs = now() - t1;
    const timings = { readMs: read.readMs, parseMs, fitMs };
    const { fit } = result;
    if (fit.zeroVarianceFeatures.length > 0) {
      const names = fit.zeroVarianceFeatures.map((l) => `“${mapped.featureNames[l]}”`);
      printWarnings(io.stderr, [`${names.length} feature column${names.length === 1 ? ' is' : 's are'} constant in the samples analysed and cannot be ranked: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''}.`]);
    }

    if (cancel.signal !== null) throw cancelledError(cancel.signal);
    const warnings = runWarnings(prep, mapped, result, plan.settings);
    // The samples' PCA (a saved session's, the HTML report's), giving Ctrl+C / SIGTERM a turn every few ms.
    const projection = plan.saveSession !== null || plan.report !== null ? await project(mapped, result, cancel) : null;
    const written = await writeOutputs(plan, { input, version, mapped, result, read, prep, warnings, timings, projection }, io, cancel);
    if (plan.json) {
      // (in parts: 20 million samples' ids and labels never in one string, json-out.ts; the parts' garbage
      // collected as it goes, memory.ts collectEvery)
      const collectAsWritten = collectEvery();
      for (const part of jsonChunks({ ...withInputFields(clusterJson(mapped, result, timings), mapped, read), ...prepJson(prep, warnings, mapped.warnings) })) {
        io.stdout(part);
        collectAsWritten(part.length);
      }
      io.stdout('\n');
    }
    else io.stdout(inputSummary(mapped, read) + clusterSummary(input.fileName, plan.settings, mapped, result, timings, written) + summaryTail(warnings, prep.command));
    return 0;
  } finally {
    unsubscribe?.();
    await pool.close();
  }
}

/** projectSamplesAsync on the prepared matrix, as the app makes it; a cancel ends the run in one line. */
async function project(mapped: MappedData, result: AnalysisResult, cancel: Cancel): Promise<FitView['projection']> {
  const { projectSamplesAsync } = await import('../../core/jobs/fit-view.js');
  try {
    return await projectSamplesAsync(mapped.matrix, Array.from(result.fit.selectedFeatures), result.fit.options.scale === 'unit-variance', cancel);
  } catch (error) {
    if (cancel.signal !== null && error instanceof SkfrError && error.code === 'cancelled') throw cancelledError(cancel.signal);
    throw error;
  }
}

/** A run's cancel state: the signal received (null: none), the engine's flag, the outputs being written. */
interface Cancel {
  signal: CancelSignal | null;
  aborted: boolean;
  writer: OutputWriter | null;
}

/**
 * Read, parse and map the input, keeping big things only as long as needed: the file's bytes are read in
 * chunks (or, read whole, live in readTable and are garbage once parsed), the parsed table lives here
 * and is consumed by the mapping: a CSV/TSV's columns become the matrix in place (core/table/matrix.ts),
 * other tables are garbage once mapped. At 100 000 × 1000 that is 0.7–2 GB of bytes and 0.8 GB of columns
 * that never sit beside a second 0.8 GB matrix; what outlives this function is the mapped data and, for the
 * report, the file's name and SHA-256. The layout is recognised on the parsed table (core/request/resolve.ts resolveRequest: MaxQuant,
 * DIA-NN, … or a table with samples as rows, read exactly as before), and core/prepare maps it and runs its
 * recipe (the format's steps, the proposed log2 and valid-value filter, the preparation flags), counting each
 * step; what the exports and the summary need of the prepared data is recorded before the fit (recordRun, in
 * cluster-prep.ts: the fit works on the matrix in place). Exported for tests.
 */
export async function loadMapped(
  asked: ClusterPlan,
  io: CommandContext['io'],
): Promise<{ plan: ClusterPlan; mapped: MappedData; input: InputInfo; read: ReadInfo; prep: RunPrep; inPlace: boolean }> {
  const t0 = now();
  let { table, input } = await readTable(asked, io);
  // (the file's reading alone: the sample table, the recognition and the preparation are parseMs's)
  let readMs = now() - t0;
  const design = asked.layout.design ? await readDesign(asked.layout.design, io) : null;
  let layout = resolveRequest(table, requestOf(asked), design);
  // Columns of numbers the rules took as labels — the sample id (core/request/sample-id.ts: row numbers, a numeric
  // id), coded annotations (coded-annotations.ts: a numeric `class`) — are read again as text, as written ("007"
  // stays "007"), as the app and the reproduce command (--id-column, --annotation-columns) read them.
  if (layout.mapping.orientation === 'samples-as-rows' && !table.typedByFormat) {
    const { idColumn, annotationColumns } = layout.mapping;
    const asText = new Set(labelColumns(asked));
    const numeric = new Set(numericColumnNames(table));
    if ([...(idColumn !== null ? [idColumn] : []), ...annotationColumns].some((name) => numeric.has(name) && !asText.has(name))) {
      const named = { ...asked, mapping: { ...asked.mapping, idColumn, annotationColumns } };
      const t1 = now();
      ({ table, input } = await readTable(named, io));
      readMs += now() - t1;
      layout = resolveRequest(table, requestOf(named), design);
    }
  }
  let plan = { ...asked, mapping: layout.mapping };
  const read: ReadInfo = {
    layout,
    sheet: table.format === 'csv' || table.format === 'tsv' ? null : table.sheet,
    headerRow: table.headerRow ?? null,
    rowsRead: table.rowCount,
    readMs,
  };
  // The matrix goes straight into shared memory: worker threads read it there, and the fit standardises it
  // in place (reuseInput). A CSV/TSV has its columns in one shared buffer (readTable), and the matrix is
  // built over them in place (consume: the table is not read again), so only one n × p block ever exists;
  // other inputs (workbooks, samples as columns, …) are mapped into a new shared matrix.
  const defaultFeatures = defaultFeatureColumns(table.columns, layout.mapping);
  // Before the table is consumed: the id the CLI would take, for the command's --id-column none.
  const ruleIdColumn = layout.mapping.orientation === 'samples-as-rows' ? sampleIdColumn(table) : null;
  const columnsBuffer = numbersBuffer(table.columns);
  const mapped = prepare(table, layout.mapping, layout.recipe, { allocate: allocateSharedFloat64, consume: true, format: layout.format });
  if (layout.orientation === 'samples-as-rows' && layout.mapping.filters.length > 0 && mapped.preparation) {
    // Samples as rows: what the filters removed (samples as columns: the mapping counts it, per filter).
    const where = layout.mapping.filters.map((f) => `${f.column} = ${f.values.join(' or ')}`).join(' and ');
    const after = mapped.preparation.filter((r) => r.step === 'read' || r.step === 'blank-rows').length;
    // (less the rows the mapping left out itself: summary rows under the samples, core/table/summary-rows.ts)
    const leftOut = mapped.preparation.filter((r) => r.step === 'filter').reduce((sum, r) => sum + r.count, 0);
    mapped.preparation.splice(after, 0, {
      step: 'filter',
      label: `Rows kept where ${where} (removed)`,
      count: read.rowsRead - mapped.matrix.rows - leftOut,
    });
  }
  printWarnings(io.stderr, [...(table.notes ?? []), ...mapped.warnings.map((w) => w.message)]);
  // --tune-s auto: s over 1..p of the data as prepared.
  plan = withTuneAll(plan, mapped.matrix.cols);
  const prep = recordRun({ plan, layout, mapped, sheet: read.sheet, headerRow: read.headerRow, defaultFeatures, ruleIdColumn });
  return { plan, mapped, input, read, prep, inPlace: mapped.matrix.data.buffer === columnsBuffer };
}

/** Sheet names that look like a sample table (the default sheet of a --design workbook). */
const SAMPLE_SHEET = /sample|design|meta|annotation|condition|phenotyp/i;

/**
 * The --design sample table: the file read with the same parser (a workbook's SHEET; default the first sheet
 * named like a sample sheet, else the first non-empty one), every column as text, joined on the sample names
 * by the column that matches the most samples or --design-column, or in file order with --design-order file
 * (core/table/design.ts).
 */
async function readDesign(spec: DesignSpec, io: CommandContext['io']): Promise<SampleTable> {
  const bytes = await io.readFile(spec.path);
  const fileName = basename(spec.path);
  const { listSheets, parseTable } = await tableReader(bytes, fileName);
  let sheet = spec.sheet;
  const sheets = listSheets(bytes, fileName);
  const workbook = !(sheets.length === 1 && sheets[0] === fileName);
  if (sheet === null && workbook) sheet = sheets.find((name) => SAMPLE_SHEET.test(name)) ?? null;
  const table = parseTable(bytes, fileName, sheet !== null ? { sheet } : {});
  return {
    source: workbook ? `${fileName} ▸ ${table.sheet}` : fileName,
    columns: table.columns.map((column) => ({ name: column.name, values: columnTexts(column) })),
    sampleColumn: spec.column ?? null,
    ...(spec.order === 'file' ? { order: 'file' as const } : {}),
  };
}

/**
 * The table: a CSV/TSV file chunk by chunk (its bytes never whole in memory beside the columns; for a
 * report, its SHA-256 is taken on the first pass; a large file's rows are read on --workers threads,
 * node/parallel/read.ts), unless a sheet or a header row is named; anything the
 * chunked reader does not take (workbooks, non-UTF-8 text, …: core/table/stream.ts) is read whole. A CSV/TSV's
 * columns go into one buffer in shared memory either way, for the mapping to build the matrix in (loadMapped).
 */
async function readTable(asked: ClusterPlan, io: CommandContext['io']): Promise<{ table: Table; input: InputInfo }> {
  const fileName = basename(asked.file);
  // The SHA-256 (and size) of the input are recorded in a report and in a saved session.
  const report = asked.out?.kind === 'report' || asked.saveSession !== null || asked.report !== null;
  const headerRow = asked.layout.headerRow;
  // Ids, annotations, filters and feature labels are text as written ("001" stays "001"), whatever they look like.
  const textColumns = labelColumns(asked);
  if (asked.sheet === null && headerRow === null && io.openChunks) {
    const open = await io.openChunks(asked.file);
    // (node:crypto loaded only for a hash: 8–25 ms of a run's start otherwise)
    const hash = report ? { sha: new (await import('../../node/hash.js')).Sha256(), complete: false, size: 0 } : null;
    let passes = 0;
    const source = hash === null ? open : withFile((into) => (passes++ === 0 ? hashing(open(into), hash) : open(into)), open);
    // Row by row: a samples-as-rows matrix is then built without a transposition (core/table/row-major.ts).
    const table = await readTableChunks(source, fileName, { allocate: allocateSharedFloat64, rowMajor: true, textColumns, noHeader: asked.layout.noHeader === true }, { workers: asked.workers ?? undefined });
    if (table !== null && (hash === null || hash.complete)) return { table, input: { fileName, sha256: hash?.sha.hex() ?? null, size: hash?.size ?? null } };
  }
  const bytes = await io.readFile(asked.file);
  const sha256 = report ? (await import('../../node/hash.js')).sha256Hex(bytes) : null;
  const { parseTable } = await tableReader(bytes, fileName);
  const options: ParseOptions = {
    allocate: allocateSharedFloat64,
    textColumns,
    ...(asked.layout.noHeader ? { noHeader: true } : {}),
    ...(asked.sheet !== null ? { sheet: asked.sheet } : {}),
    ...(headerRow !== null ? { headerRow } : {}),
  };
  return { table: parseTable(bytes, fileName, options), input: { fileName, sha256, size: bytes.length } };
}

/** The chunks, hashed on the way; `complete` once the last one has gone through. */
async function* hashing(chunks: AsyncIterable<Uint8Array>, hash: { sha: Sha256; complete: boolean; size: number }): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    hash.sha.update(chunk);
    hash.size += chunk.length;
    yield chunk;
  }
  hash.complete = true;
}

/**
 * The analysis on the pool, with a progress bar; a cancel (Ctrl+C, SIGTERM) raises `cancel.aborted`, the
 * engine stops at its next check (worker threads are terminated; in this thread the pool yields between
 * restarts), and the run ends with one line and exit code 130 / 143.
 */
async function analyse(plan: ClusterPlan, mapped: MappedData, pool: WorkerPool, io: CommandContext['io'], cancel: Cancel): Promise<AnalysisResult> {
  const bar = createProgressBar(io.stderr, { enabled: io.isTTY });
  const signal = cancel;
  try {
    // reuseInput: nothing reads mapped.matrix after the analysis (outputs use labels, ids, annotations), except a
    // saved session's or the HTML report's PCA projection, made from the prepared matrix as the app makes it.
    return await runAnalysisAsync(mapped, plan.settings, { classColumn: plan.classColumn, onProgress: bar.update, signal, engine: pool, reuseInput: plan.saveSession === null && plan.report === null });
  } catch (error) {
    if (cancel.signal !== null && error instanceof SkfrError && error.code === 'cancelled') throw cancelledError(cancel.signal);
    throw error;
  } finally {
    bar.done();
  }
}

/**
 * The reader of a file read whole: a text table (GCT, ADAT, a CSV design, …) without the workbook reader's modules
 * (SheetJS: ~0.1 s to load), a workbook with them.
 */
async function tableReader(bytes: Uint8Array, fileName: string): Promise<Pick<typeof import('../../core/table/parse.js'), 'listSheets' | 'parseTable'>> {
  const text = await sheetModules.text();
  return text.isTextTable(bytes, fileName) ? { listSheets: () => [basename(fileName)], parseTable: text.parseTextTable } : await sheetModules.parse();
}

/** The modules that load SheetJS (and the text reader that does not), imported on first need. */
const sheetModules = {
  /** Any sheet read whole (workbooks, and the CSVs the chunked reader leaves to it). */
  parse: () => import('../../core/table/parse.js'),
  /** A text table read whole (GCT, ADAT, mzTab, CSVs the chunked reader leaves), without SheetJS. */
  text: () => import('../../core/table/parse-text.js'),
  /** XLSX / XLS writers. */
  write: () => import('../../core/table/write.js'),
  /** The report workbook. */
  report: () => import('../../core/report/workbook.js'),
  /** The HTML report (it loads ECharts, ~0.3 s: only for --report). */
  html: () => import('../../core/report/html.js'),
};

function printWarnings(write: (text: string) => void, messages: string[]): void {
  for (const message of messages.slice(0, WARNING_LIMIT)) write(`warning: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  if (messages.length > WARNING_LIMIT) write(`warning: … and ${messages.length - WARNING_LIMIT} more warnings like these.\n`);
}

/** The --json object: the analysis (cluster-output.ts) and what was read and how. */
export interface ClusterInputJson {
  format: FormatId;
  quantity: string | null;
  sheet: string | null;
  headerRow: number | null;
  /** Every feature analysed, in column order (samples as columns: gene name, else first protein id). */
  featureLabels: string[];
  /** Annotation → value per sample (samples as columns: the sample table joined). */
  annotations: Record<string, (string | null)[]>;
  design: DesignJoin | null;
  preparation: StepReport[];
}

function withInputFields(json: ClusterJson, mapped: MappedData, read: ReadInfo): ClusterJson & ClusterInputJson {
  return {
    ...json,
    format: read.layout.format,
    quantity: read.layout.quantity,
    sheet: read.sheet,
    headerRow: read.headerRow,
    featureLabels: mapped.featureNames,
    annotations: mapped.annotations,
    design: mapped.design ?? null,
    preparation: mapped.preparation ?? [],
  };
}

/**
 * The lines before the results: what was recognised, how the sample table joined, and each preparation step
 * with its count. E.g. "Recognised: MaxQuant proteinGroups, LFQ intensity, 15 samples × 1 459 protein groups".
 */
function inputSummary(mapped: MappedData, read: ReadInfo): string {
  const { layout } = read;
  const lines: string[] = [];
  const samples = layout.orientation === 'samples-as-rows' ? read.rowsRead : (layout.samples ?? mapped.matrix.rows);
  const rows = layout.orientation === 'samples-as-rows' ? mapped.matrix.cols : read.rowsRead;
  const where = `${read.sheet !== null ? `, sheet “${read.sheet}”` : ''}${read.headerRow !== null && read.headerRow !== 1 ? `, header on row ${read.headerRow}` : ''}`;
  lines.push(
    `Recognised: ${layout.label}${layout.quantity ? `, ${layout.quantity}` : ''}, ${formatCount(samples, ' ')} sample${samples === 1 ? '' : 's'} × ` +
      `${formatCount(rows, ' ')} ${layout.rowsWord}${where}`,
  );
  for (const note of layout.notes ?? []) lines.push(`  ${note}`);
  if (mapped.design) lines.push(describeJoin(mapped.design, mapped.design.matched + mapped.design.samplesWithoutRow.length));
  const steps = mapped.preparation ?? [];
  if (steps.length > 0) {
    lines.push('Preparation:');
    for (const step of steps) lines.push(`  ${step.label}: ${formatCount(step.count, ' ')}`);
  }
  lines.push(...reasonLines(layout.reasons));
  return lines.join('\n') + '\n\n';
}

/**
 * Write the run's outputs as one set: each to its temporary file as soon as its bytes are made, then all
 * renamed over their targets; on any failure or cancel none is written (and none replaced).
 */
async function writeOutputs(plan: ClusterPlan, data: RunData, io: CommandContext['io'], cancel: Cancel): Promise<{ path: string; what: string }[]> {
  const writer = outputWriter(io);
  cancel.writer = writer;
  if (cancel.signal !== null) writer.cancel(cancel.signal);
  try {
    // (a cancel is looked at before each output is made: the report or session of a large run takes a while)
    const next = () => {
      if (cancel.signal !== null) throw cancelledError(cancel.signal);
    };
    const written = await stageOutputs(plan, data, (path, bytes) => writer.stage(path, bytes), next);
    await writer.commit();
    return written;
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    cancel.writer = null;
  }
}

async function stageOutputs(
  plan: ClusterPlan,
  data: RunData,
  write: (path: string, bytes: Uint8Array) => Promise<void>,
  next: () => void = () => {},
): Promise<{ path: string; what: string }[]> {
  const { mapped, result, prep } = data;
  const written: { path: string; what: string }[] = [];
  next();
  if (plan.out) {
    if (plan.out.kind === 'report') {
      const { reportWorkbook } = await sheetModules.report();
      // The workbook's Summary names the format in its parameters (reportParameters), not in rows of its own.
      const bytes = reportWorkbook({ ...reportInput(plan, data), layout: null });
      await write(plan.out.path, bytes);
      written.push({ path: plan.out.path, what: 'report workbook' });
    } else {
      await write(plan.out.path, encoder.encode(toCsv(samplesRows(result.fit, mapped, prep.imputed, result.stability))));
      written.push({ path: plan.out.path, what: 'labelled samples' });
    }
  }
  next();
  if (plan.saveSession !== null) {
    // Imported on first need, as the workbook writers: zod and the session format stay out of other runs.
    const { sessionOf } = await import('./cluster-session.js');
    await write(plan.saveSession, encoder.encode(sessionOf(plan, plan.saveSession, data)));
    written.push({ path: plan.saveSession, what: 'saved analysis' });
  }
  next();
  if (plan.report) {
    const { reportHtml } = await sheetModules.html();
    await write(plan.report.path, encoder.encode(reportHtml({ ...reportInput(plan, data), createdAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z') })));
    written.push({ path: plan.report.path, what: 'HTML report' });
  }
  next();
  if (plan.featuresOut) {
    const rows = rankingRows(result.fit, mapped, { imputed: prep.imputed, stability: result.stability });
    const bytes = plan.featuresOut.format === 'csv' ? encoder.encode(toCsv(rows)) : (await sheetModules.write()).toXlsx([{ name: 'Features', rows }]);
    await write(plan.featuresOut.path, bytes);
    written.push({ path: plan.featuresOut.path, what: `every feature ranked (${result.fit.p})` });
  }
  return written;
}

/** What the report workbook and the HTML report are made from (core/report/summary.ts ReportInput), as the app fills it. */
function reportInput(plan: ClusterPlan, data: RunData): ReportInput {
  const { mapped, result, prep } = data;
  return {
    projection: data.projection ?? null,
    fit: result.fit,
    mapped,
    tune: result.tune,
    classColumn: plan.classColumn,
    metrics: result.metrics,
    input: { fileName: data.input.fileName, sha256: data.input.sha256 ?? '', size: data.input.size ?? null, sheet: data.read.sheet, headerRow: data.read.headerRow },
    version: data.version,
    parameters: reportParameters(plan, data),
    mapping: data.read.layout.mapping,
    layout: { format: data.read.layout.format, formatLabel: data.read.layout.label, quantity: data.read.layout.quantity },
    recipe: prep.recipe,
    reasons: prep.reasons,
    resultWarnings: data.warnings,
    command: prep.command,
    imputed: prep.imputed,
    sRules: result.sRules,
    sFlags: result.sFlags,
    kCurve: result.kCurve,
    ksSteps: result.ksSteps,
    stability: result.stability,
  };
}

/** The parameters echoed in the report's Summary sheet, as the user gave them (defaults filled in). */
function reportParameters(plan: ClusterPlan, data: RunData): Record<string, string | number | boolean | null> {
  const { settings, mapping } = plan;
  return {
    k: settings.k,
    s: settings.s ?? null,
    'tune s': settings.tune ? `${settings.tune.from}:${settings.tune.to}:${settings.tune.step ?? 1}` : null,
    's rule': settings.tune ? (settings.sRule ?? DEFAULT_S_RULE) : null,
    'tune k': settings.tuneK ? `${settings.tuneK.from}:${settings.tuneK.to}` : null,
    permutations: settings.tune?.permutations ?? settings.tuneK?.permutations ?? (settings.tuneK ? DEFAULT_PERMUTATIONS : null),
    'stability subsamples': settings.stability?.subsamples ?? null,
    variant: settings.variant,
    loss: settings.loss,
    restarts: settings.restarts,
    seed: settings.seed,
    'max iterations': settings.maxIterations,
    scale: data.mapped.scale ?? 'unit-variance',
    sheet: data.read.sheet,
    'header row': data.read.headerRow,
    format: data.read.layout.label,
    quantity: data.read.layout.quantity,
    'sample columns': mapping.sampleColumnsMatch ? `matching ${mapping.sampleColumnsMatch}` : mapping.sampleColumns ? `${mapping.sampleColumns.length} columns` : null,
    'feature label': mapping.featureLabelColumns?.join(', ') || null,
    design: mapping.design?.source ?? null,
    preparation: (data.mapped.preparation ?? []).map((step) => `${step.label}: ${step.count}`).join('; ') || null,
    orientation: mapping.orientation,
    'id column': mapping.idColumn,
    'class column': plan.classColumn,
    'annotation columns': mapping.annotationColumns.join(', '),
    features: mapping.featureColumns ? mapping.featureColumns.join(', ') : mapping.featuresMatch ? `matching ${mapping.featuresMatch}` : 'all numeric',
    where: mapping.filters.map((f) => `${f.column} = ${f.values.join(' or ')}`).join('; ') || null,
  };
}
