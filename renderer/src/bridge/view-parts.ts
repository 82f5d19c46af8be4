/**
 * Issue 27: the parts of a fit view that come from the mapped data alone — the feature names, the feature
 * annotations (an ADAT's 30 analyte fields × 5 284 analytes: 1.2 MB), the sample annotations and ids — are the same
 * objects in every view of the same mapped data (core/jobs/fit-view.ts buildFitView), so a slider's fits need not
 * copy them across the worker boundary again at each step. The worker's side (`createViewSender`) leaves out a part
 * that is the very object (===) it sent last and names it in the message; the page's side (`createViewReceiver`)
 * puts back the part it received last. Messages on one channel arrive in the order sent, and each side keeps its
 * own last parts for one worker (a new worker: both start empty), so the page sees every view whole, with the same
 * values as before.
 *
 * @example
 *   const send = createViewSender();    // in the worker: scope.postMessage(send(message))
 *   const receive = createViewReceiver(); // in the page: listener(receive(event.data))
 */

/** The parts of a FitView taken from the mapped data as they are. */
export const MAPPED_PARTS = ['featureNames', 'featureAnnotations', 'annotations', 'sampleIds'] as const;
type Part = (typeof MAPPED_PARTS)[number];

/** The key of a response message that lists the parts left out (the same as the last ones sent). */
export const REUSED_PARTS = 'reusedParts';

/** Job types whose result is a FitView. */
const VIEW_JOBS = new Set(['fit', 'preview', 'restore']);

type Fields = Record<string, unknown>;

/** The result of a successful response carrying a fit view, else null. */
function viewOf(message: unknown): Fields | null {
  if (typeof message !== 'object' || message === null || (message as Fields).kind !== 'response') return null;
  const response = (message as { response?: unknown }).response as Fields | undefined;
  if (!response || response.ok !== true || !VIEW_JOBS.has(response.type as string)) return null;
  const result = response.result;
  return typeof result === 'object' && result !== null ? (result as Fields) : null;
}

/** The worker's side: a message with the parts equal (===) to the last ones sent left out and listed. */
export function createViewSender(): (message: unknown) => unknown {
  const last = new Map<Part, unknown>();
  return (message) => {
    const view = viewOf(message);
    if (view === null) return message;
    const reused: Part[] = [];
    const rest: Fields = { ...view };
    for (const part of MAPPED_PARTS) {
      if (!(part in view)) continue;
      if (last.has(part) && last.get(part) === view[part]) {
        reused.push(part);
        delete rest[part];
      } else {
        last.set(part, view[part]);
      }
    }
    if (reused.length === 0) return message;
    const m = message as Fields & { response: Fields };
    return { ...m, response: { ...m.response, result: rest }, [REUSED_PARTS]: reused };
  };
}

/** The page's side: the message with the parts left out put back (the last ones received). */
export function createViewReceiver(): (message: unknown) => unknown {
  const last = new Map<Part, unknown>();
  return (message) => {
    const view = viewOf(message);
    if (view === null) return message;
    const reused = (message as Fields)[REUSED_PARTS];
    if (Array.isArray(reused)) {
      for (const part of reused as Part[]) {
        if (!last.has(part)) throw new Error(`Internal error: the worker left out the fit view's ${part}, which this page never received.`);
        view[part] = last.get(part);
      }
      delete (message as Fields)[REUSED_PARTS];
    }
    for (const part of MAPPED_PARTS) if (part in view) last.set(part, view[part]);
    return message;
  };
}
