// Test helpers: the real compute host (electron/compute-node.ts: relay + worker thread) forked as a second
// Node process, seen through the same ComputeProcess/Port interfaces main.ts uses for the utility process.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ComputeProcess } from '../../electron/compute-supervisor.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const miceCsv = fileURLToPath(new URL('../../../shared/data/mice_protein.csv', import.meta.url));
const entry = fileURLToPath(new URL('../../electron/compute-node.ts', import.meta.url));

export function forkCompute(): ComputeProcess {
  const child = fork(entry, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.on('error', () => {}); // a send racing a kill: the exit handler reports it
  return {
    port: {
      postMessage(message) {
        if (child.connected) child.send(message as object);
      },
      onMessage(listener) {
        const handler = (m: unknown) => listener(m);
        child.on('message', handler);
        return () => void child.off('message', handler);
      },
    },
    onExit: (listener) => void child.once('exit', (code) => listener(code)),
    kill: () => void child.kill(),
    pid: child.pid,
  };
}

export const MICE_FEATURES_MATCH = '_N$';
export const miceMapping = {
  orientation: 'samples-as-rows' as const,
  idColumn: 'MouseID',
  annotationColumns: ['class'],
  featureColumns: null,
  featuresMatch: MICE_FEATURES_MATCH,
  filters: [],
};

export const skfr1 = { k: 8, s: 24, variant: 'global' as const, loss: 'squared' as const, restarts: 20, seed: 7, maxIterations: 100 };
