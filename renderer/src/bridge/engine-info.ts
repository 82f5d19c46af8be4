/**
 * How the browser build's bridge worker tells the page about its engine pool (engine-pool.ts): one small
 * message, posted beside the jobs protocol (the jobs client ignores it), at start and whenever the pool
 * shrinks. The page shows it on the app root as `data-engine-workers` (workers alive; 0 = the engine runs
 * in the bridge worker itself) and `data-engine-shared` (the matrix is shared, not copied per worker).
 *
 * @example
 *   // bridge worker:  self.postMessage(engineInfo(pool))
 *   // page:           watchEngineInfo(worker)  →  <div id="app" data-engine-workers="2" data-engine-shared="true">
 */
export const ENGINE_INFO = 'skfr-engine-info';

export interface EngineInfo {
  kind: typeof ENGINE_INFO;
  workers: number;
  sharedMemory: boolean;
}

export function engineInfo(pool: { readonly size: number; readonly sharedMemory: boolean }): EngineInfo {
  return { kind: ENGINE_INFO, workers: pool.size, sharedMemory: pool.sharedMemory };
}

export function isEngineInfo(m: unknown): m is EngineInfo {
  return typeof m === 'object' && m !== null && (m as { kind?: unknown }).kind === ENGINE_INFO;
}

/** Page side: mirror the bridge worker's engine info onto the app root (`#app`, else <html>). */
export function watchEngineInfo(worker: Pick<Worker, 'addEventListener'>): void {
  worker.addEventListener('message', (event: MessageEvent) => {
    if (!isEngineInfo(event.data) || typeof document === 'undefined') return;
    const root = document.getElementById('app') ?? document.documentElement;
    root.dataset.engineWorkers = String(event.data.workers);
    root.dataset.engineShared = String(event.data.sharedMemory);
  });
}
