/**
 * Port adapters for Node: a worker_threads MessagePort (with pollSync through receiveMessageOnPort, so a
 * cancel reaches a synchronous fit running in the worker) and the child_process IPC channel.
 */
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Port } from '../core/jobs/port.js';

export function messagePortAdapter(port: MessagePort): Port {
  const listeners = new Set<(m: unknown) => void>();
  const dispatch = (m: unknown) => {
    for (const l of [...listeners]) l(m);
  };
  port.on('message', dispatch);
  return {
    postMessage: (message, transfer) => port.postMessage(message, transfer),
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pollSync() {
      for (let r = receiveMessageOnPort(port); r !== undefined; r = receiveMessageOnPort(port)) dispatch(r.message);
    },
  };
}

/** The IPC channel of a process started with child_process.fork (use `serialization: 'advanced'`). */
export function childProcessPort(proc: NodeJS.Process = process): Port {
  return {
    postMessage(message) {
      proc.send?.(message);
    },
    onMessage(listener) {
      const handler = (m: unknown) => listener(m);
      proc.on('message', handler);
      return () => proc.off('message', handler);
    },
  };
}
