/**
 * Reading threads started at the very start of a `skfr cluster` run on a large CSV/TSV (issue 17). A worker
 * thread takes ~0.1 s to start (a V8 isolate, Node, its modules); started when the first pass has seen 64 MiB
 * (core/table/stream.ts), it joined the reading ~0.1 s after the pieces were ready, and on a 75 MB file read
 * about a third of them. Started here, before the command's own modules load (~0.17 s: cli/bin/skfr.js calls
 * this first), it is ready when the pieces are: node/parallel/read.ts takes it for its pool
 * (`takeReadingThreads`) and lets go of any it does not use.
 *
 * Which file: any argument after `cluster` that names a file of at least PARALLEL_MIN_BYTES (the command's own
 * parsing comes later; a thread started for another large file is let go unused). None with `--workers 1`,
 * `--sheet` or `--header-row` (a file then read whole). This module imports only Node's own modules.
 *
 * @example startReadingThreads(process.argv.slice(2)); // then import the CLI
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** core/table/stream.ts PARALLEL_MIN_BYTES (not imported: that module's imports are what this runs beside). */
const MIN_BYTES = 64 * 1024 * 1024;

let started: Worker[] = [];

/** The value of `--name` in `args` (`--name value` or `--name=value`), or undefined. */
function valueOf(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1];
    if (args[i]!.startsWith(`--${name}=`)) return args[i]!.slice(name.length + 3);
  }
  return undefined;
}

/** Threads to start for `argv` (the command line after `skfr`): cores − 1 (this thread reads too), or 0. */
export function readingThreadsFor(argv: readonly string[], cores = availableParallelism()): number {
  const [command, ...args] = argv;
  if (command !== 'cluster' || args.includes('--') || valueOf(args, 'sheet') !== undefined || valueOf(args, 'header-row') !== undefined) return 0;
  const asked = valueOf(args, 'workers');
  const workers = asked === undefined ? cores : Math.min(cores, Number(asked));
  if (!(workers >= 2)) return 0;
  const large = args.some((arg) => {
    if (arg.startsWith('-')) return false;
    try {
      const info = statSync(arg);
      return info.isFile() && info.size >= MIN_BYTES;
    } catch {
      return false;
    }
  });
  return large ? Math.floor(workers) - 1 : 0;
}

/** Start the reading threads `argv` calls for (readingThreadsFor), unreferenced: none keeps the process alive. */
export function startReadingThreads(argv: readonly string[], workerUrl = new URL('./worker.js', import.meta.url)): void {
  const count = readingThreadsFor(argv);
  for (let i = 0; i < count; i++) {
    const worker = new Worker(fileURLToPath(workerUrl));
    worker.unref();
    // One that dies before a pool takes it is not taken (the pool starts another).
    worker.on('error', () => {});
    worker.once('exit', () => {
      started = started.filter((w) => w !== worker);
    });
    started.push(worker);
  }
}

/** The threads started early and not taken yet (at most `count`); the pool then owns them. */
export function takeReadingThreads(count: number): Worker[] {
  const taken = started.slice(0, count);
  started = started.slice(count);
  return taken;
}

/** Let go of the threads started early that no pool took. */
export async function dropReadingThreads(): Promise<void> {
  const left = started;
  started = [];
  await Promise.all(left.map((worker) => worker.terminate()));
}
