/**
 * Runs pieces of main-thread work one per macrotask, in the order they were queued, so that several heavy
 * pieces (e.g. drawing charts) never add up to one long task and the page can paint in between.
 *
 * @example inTurn(() => drawA()); inTurn(() => drawB()); // drawA in one task, drawB in the next
 */
let chain: Promise<void> = Promise.resolve();

/** Queues `work`; the returned promise settles with it (a failure rejects it and does not stop the queue). */
export function inTurn(work: () => void): Promise<void> {
  const run = chain.then(
    () =>
      new Promise<void>((resolve, reject) => {
        setTimeout(() => {
          try {
            work();
            resolve();
          } catch (error) {
            reject(error);
          }
        }, 0);
      }),
  );
  chain = run.catch(() => undefined);
  return run;
}
