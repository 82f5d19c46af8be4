/**
 * The tiny message-port interface every jobs host and client speaks.
 *
 * Adapters exist for a Web Worker (`self` / `Worker`), Node's worker_threads `MessagePort`,
 * Node's `child_process` IPC channel and Electron's `process.parentPort` / `MessagePortMain`.
 * Everything sent must be structured-clone friendly (see ./types.ts).
 *
 * @example
 * const off = port.onMessage((m) => console.log(m));
 * port.postMessage({ kind: 'cancel', id: 'job-1' });
 * off();
 */
export interface Port {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  /** Subscribe to incoming messages; returns the unsubscribe function. */
  onMessage(listener: (message: unknown) => void): () => void;
  /**
   * Optional: synchronously deliver, to the onMessage listeners, messages that arrived while this
   * thread was busy (Node: `worker_threads.receiveMessageOnPort`). The host calls it from the
   * cancellation signal it hands to the engine, so a cancel reaches a synchronous computation.
   */
  pollSync?(): void;
}

/** Two in-memory ports wired to each other (for tests and in-process hosts). Delivery is asynchronous. */
export function createPortPair(): [Port, Port] {
  const listeners: [Set<(m: unknown) => void>, Set<(m: unknown) => void>] = [new Set(), new Set()];
  const make = (self: 0 | 1): Port => ({
    postMessage(message) {
      const other = listeners[self === 0 ? 1 : 0];
      void Promise.resolve().then(() => {
        for (const l of [...other]) l(message);
      });
    },
    onMessage(listener) {
      listeners[self].add(listener);
      return () => listeners[self].delete(listener);
    },
  });
  return [make(0), make(1)];
}
