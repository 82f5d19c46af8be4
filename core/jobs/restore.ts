/**
 * What a restarted compute process must redo before serving a request that names a dataset or fit of the
 * process that crashed: re-open the dataset (same source, sheet and id) and re-run the fit (same request
 * and id; fits are deterministic for a seed, so the results are the same). A saved analysis restored on a
 * dataset (issue 16, 'restore') is restored again the same way, from its request: nothing is fitted.
 *
 * Shared by both hosts that can lose their compute: the Electron supervisor (a crashed utility process) and
 * the browser's Web Worker bridge (a terminated worker). Pure bookkeeping over requests and responses.
 */
import type { DataSource, FitRequest, JobRequest, JobResponse, OpenRequest, RestoreRequest } from './types.js';

export interface Restorer {
  /** Requests to run first in the current process (empty when nothing is missing). */
  prerequisites(request: JobRequest): (OpenRequest | FitRequest | RestoreRequest)[];
  /** Remember what a successful request created or removed. */
  record(request: JobRequest, response: JobResponse): void;
  /** The process died: nothing is live any more. */
  processLost(): void;
}

/** Fits remembered for restoring (the oldest are forgotten first). */
const MAX_FITS = 50;

export function createRestorer(): Restorer {
  const opened = new Map<string, { source: DataSource; sheet: string; headerRow?: number }>();
  const fitted = new Map<string, FitRequest | RestoreRequest>();
  const liveDatasets = new Set<string>();
  const liveFits = new Set<string>();

  function datasetNeeds(id: string): OpenRequest[] {
    const o = opened.get(id);
    if (!o || liveDatasets.has(id)) return [];
    return [{ type: 'open', source: o.source, sheet: o.sheet, ...(o.headerRow !== undefined ? { headerRow: o.headerRow } : {}), datasetId: id }];
  }

  function fitNeeds(id: string): (OpenRequest | FitRequest | RestoreRequest)[] {
    const f = fitted.get(id);
    return f && !liveFits.has(id) ? [...datasetNeeds(f.datasetId), { ...f, fitId: id }] : [];
  }

  return {
    prerequisites(request) {
      switch (request.type) {
        case 'open':
        case 'session':
          return [];
        case 'design':
          return request.source.kind === 'dataset' ? datasetNeeds(request.source.datasetId) : [];
        case 'sheet':
        case 'map':
        case 'fit':
        case 'restore':
        case 'rows':
        case 'close':
          return datasetNeeds(request.datasetId);
        case 'evaluate':
        case 'export':
        case 'preview':
          return fitNeeds(request.fitId);
        default:
          return []; // not a valid request: the host answers it with 'invalid-request'
      }
    },
    record(request, response) {
      if (!response.ok) return;
      switch (request.type) {
        case 'open':
        case 'sheet': {
          const r = response.result as { datasetId: string; sheet: string };
          const source = request.type === 'open' ? request.source : opened.get(r.datasetId)?.source;
          // the header row as asked (undefined = detected again, which finds the same row in the same bytes)
          if (source) opened.set(r.datasetId, { source, sheet: r.sheet, ...(request.headerRow !== undefined ? { headerRow: request.headerRow } : {}) });
          liveDatasets.add(r.datasetId);
          return;
        }
        case 'fit':
        case 'restore': {
          const { fitId } = response.result as { fitId: string };
          fitted.delete(fitId);
          fitted.set(fitId, { ...request, fitId });
          liveFits.add(fitId);
          while (fitted.size > MAX_FITS) fitted.delete(fitted.keys().next().value!);
          return;
        }
        case 'close':
          opened.delete(request.datasetId);
          liveDatasets.delete(request.datasetId);
          for (const [id, f] of fitted) if (f.datasetId === request.datasetId) fitted.delete(id);
          return;
        default:
          return;
      }
    },
    processLost() {
      liveDatasets.clear();
      liveFits.clear();
    },
  };
}
