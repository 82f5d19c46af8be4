/**
 * User Timing for the app's own work (issue 27): each worker job (request to answer, `skfr-job:<type>`), each chart
 * drawing (`skfr-chart:<testid>:<why>`) and the engine's warm-up are recorded as performance measures, which
 * `npm run bench:app` reads back to say where the time of an open, a Run or a slider step goes. A host without
 * User Timing (a test's DOM) records nothing.
 *
 * @example
 *   const start = now();  draw();  measured('skfr-chart:pca-chart:mount', start);
 */
export function now(): number {
  return (globalThis.performance as Performance | undefined)?.now?.() ?? 0;
}

export function measured(name: string, start: number): void {
  const perf = globalThis.performance as Performance | undefined;
  try {
    perf?.measure?.(name, { start, end: perf.now() });
  } catch {
    // a host without User Timing: nothing to record
  }
}
