/**
 * Fixtures shared by the renderer's tests: column summaries, the two kinds of Mapping with nothing chosen, an
 * opened table and a map answer with neutral defaults (each test names only what it checks), a FitView stand-in,
 * and a stub SkfrApi that answers every job through one function and logs what it was sent.
 */
import type { RunHandle, SkfrApi } from '../../core/jobs/api';
import type { FitView, JobRequest, JobResponse, MapResult, OpenResult, Progress } from '../../core/jobs/types';
import type { ColumnSummary } from '../../core/table/types';

/** A column with no missing cells and no distinct values counted; `extra` sets the rest. */
export function columnSummary(name: string, kind: ColumnSummary['kind'], extra: Partial<ColumnSummary> = {}): ColumnSummary {
  return { name, kind, missing: 0, badCells: 0, min: null, max: null, distinct: null, distinctCount: 0, ...extra };
}

/** The two Mappings with nothing chosen (core/table/empty-mapping.ts); `extra` chooses. */
export { emptyColumnsMapping as columnsMapping, emptyRowsMapping as rowsMapping } from '../../core/table/empty-mapping';

/** An opened table "d1" of 3 rows, its header on row 1, no preview, titles or notes. */
export function openResult(table: Pick<OpenResult, 'fileName' | 'format' | 'sheets' | 'sheet' | 'columns' | 'layout'> & Partial<OpenResult>): OpenResult {
  return { datasetId: 'd1', sha256: '', rowCount: 3, preview: [], headerRow: 1, titleRows: [], blankRowsSkipped: 0, notes: [], ...table };
}

/** A successful map of "d1": nothing missing, dropped or warned about unless `result` says so. */
export function mapResponse(result: Partial<MapResult> & Pick<MapResult, 'n' | 'p'>): JobResponse {
  return {
    ok: true,
    type: 'map',
    result: {
      datasetId: 'd1',
      missingCells: 0,
      featureNames: [],
      droppedFeatures: [],
      warnings: [],
      sampleIds: [],
      missingBySample: new Int32Array(result.n),
      missingByFeature: new Int32Array(result.p),
      preparation: [],
      design: null,
      annotationNames: [],
      annotationValues: {},
      ...result,
    },
  };
}

/** The few fields of a FitView the stores read (fit "f1" of mice.csv), with `extra`. */
export function fitView(extra: Record<string, unknown> = {}): FitView {
  return { fitId: 'f1', metrics: null, fileName: 'mice.csv', ...extra } as unknown as FitView;
}

export type Answer = (request: JobRequest, progress: (p: Progress) => void) => JobResponse | Promise<JobResponse>;

/** One answer per job type; a job of another type gets an "internal" error naming it. */
export type AnswersByType = { [T in JobRequest['type']]?: (request: Extract<JobRequest, { type: T }>) => JobResponse };

export function answerByType(answers: AnswersByType): Answer {
  return (request) => {
    const answer = answers[request.type] as ((r: JobRequest) => JobResponse) | undefined;
    return answer ? answer(request) : { ok: false, type: request.type, error: { code: 'internal', message: `unexpected ${request.type}` } };
  };
}

/**
 * A stub API: `answer` decides each response (it may report progress, or answer later through a promise); every
 * request is logged as it was sent (a copy: the stores may change their objects afterwards), every cancel by job id.
 */
export function stubApi(answer: Answer) {
  const log: JobRequest[] = [];
  const cancelled: string[] = [];
  let n = 0;
  const api: SkfrApi = {
    platform: 'web',
    run<R extends JobRequest>(request: R, onProgress?: (p: Progress) => void): RunHandle<R['type']> {
      log.push(JSON.parse(JSON.stringify(request)) as JobRequest);
      const response = Promise.resolve(answer(request, onProgress ?? (() => {}))) as Promise<JobResponse<R['type']>>;
      return { jobId: `j${++n}`, response };
    },
    cancel: (id) => void cancelled.push(id),
    openFileDialog: async () => null,
    saveExport: async () => null,
    saveImage: async () => null,
    recentFiles: async () => [],
    onMenu: () => () => {},
    onComputeError: () => () => {},
  };
  return { api, log, cancelled };
}

/** The last request of `type` in a stub API's log. */
export const lastOf = <T extends JobRequest['type']>(log: JobRequest[], type: T) =>
  log.filter((r) => r.type === type).pop() as Extract<JobRequest, { type: T }> | undefined;
