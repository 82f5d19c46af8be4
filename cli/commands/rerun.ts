/**
 * `skfr rerun FILE.skfr [--data PATH] [--allow-changed] [--json]` (issue 16): a saved analysis (core/jobs/
 * session-file.ts: "Save analysis…" in SKFR Studio, or `skfr cluster … --save-session`) run again from its
 * recorded input, exactly as the app runs it — the jobs session (core/jobs/session.ts) opens the file with the
 * recorded sheet and header row and fits it with the recorded mapping, recipe, settings and class column — and
 * compared with what it recorded: the samples, their clusters (the same numbers), the selected proteins.
 *
 * The input is `--data PATH`, else the path recorded beside the session file (relative to its folder), else
 * the absolute path recorded. Its SHA-256 must be the recorded one (else one sentence, exit 2) unless
 * `--allow-changed`. Exit 0 when identical, 1 when not (the differences are printed).
 */
import { basename, resolve } from 'node:path';
import type { AnalysisEngine } from '../../core/analysis.js';
import { SkfrError } from '../../core/errors.js';
import { allocateSharedFloat64 } from '../../core/parallel/shared.js';
import { stat } from 'node:fs/promises';
import { formatCount } from '../../core/format-count.js';
import { kindOf, statInput } from '../../node/files.js';
import { nodeSha256 } from '../../node/hash.js';
import { createSession } from '../../core/jobs/session.js';
import { compareRun, inputCandidates, inputChanged, parseSessionFile, SESSION_LIMITS, type SessionFile } from '../../core/jobs/session-file.js';
import type { FileIO, FitSettings, FitView, JobResponse } from '../../core/jobs/types.js';
import type { Matrix } from '../../core/engine/types.js';
import { formatOptions, parseArgv, readInt, type OptionSpec } from '../args.js';
import { cancelledError, type CancelSignal } from '../../node/cancel.js';
import type { CommandContext } from '../context.js';
import { createWorkerPool, type WorkerPool } from '../../node/parallel/pool.js';
import { createProgressBar } from '../progress.js';
import { poolOptionsFor } from './cluster-options.js';

export const RERUN_OPTIONS: readonly OptionSpec[] = [
  { name: 'data', kind: 'value', placeholder: 'PATH', help: 'the input file, when it is no longer where the session records it' },
  { name: 'allow-changed', kind: 'flag', help: 'run even when the input\'s SHA-256 differs from the recorded one' },
  { name: 'json', kind: 'flag', help: 'print one JSON object on stdout instead of the summary' },
  { name: 'workers', kind: 'value', placeholder: 'N', help: 'threads for restarts and permutations (as skfr cluster --workers)' },
  { name: 'help', kind: 'flag', help: 'show this help' },
];

export const RERUN_HELP = `Usage: skfr rerun FILE.skfr [--data PATH] [--allow-changed] [--json]

Run a saved analysis again (a .skfr file: "Save analysis…" in SKFR Studio, or skfr cluster … --save-session)
from its recorded input, with the recorded mapping, preparation and settings, and check that the result is the
recorded one: the same samples in the same clusters (same numbers) and the same proteins, best first. Prints
"identical: N samples, same clusters, same proteins", or the differences.

The input is --data PATH, else the path recorded relative to the session file's folder, else the absolute path
recorded. Its SHA-256 must be the one recorded, unless --allow-changed.

Options:
${formatOptions(RERUN_OPTIONS)}

--json prints { identical, summary, session, input: { path, sha256, recordedSha256, changed }, n, k, s,
sampleIds, labels (1-based), selectedFeatures, recorded: { labels, selectedFeatures }, differences: {
samples, changedSamples, examples, samePartition, added, removed }, command }.

Exit codes: 0 identical; 1 different; 2 a problem with the files or options (the session file, the input not
found, or its SHA-256 differs without --allow-changed); 130 / 143 cancelled.`;

/** What the re-run of a session gave, as --json prints it. */
export interface RerunJson {
  identical: boolean;
  summary: string;
  session: string;
  input: { path: string; sha256: string; recordedSha256: string; changed: boolean };
  n: number;
  k: number;
  s: number;
  sampleIds: string[];
  labels: number[];
  selectedFeatures: string[];
  recorded: { labels: number[]; selectedFeatures: string[] };
  differences: { samples: boolean; changedSamples: number; examples: { id: string; recorded: number; now: number }[]; samePartition: boolean; added: string[]; removed: string[] };
  command: string;
}

const invalid = (message: string) => new SkfrError('invalid-option', message);

/** The session file, read and checked (one sentence when it is not a session, damaged or newer). */
async function readSession(path: string, io: CommandContext['io']): Promise<SessionFile> {
  const bytes = await io.readFile(path);
  if (bytes.length > SESSION_LIMITS.fileBytes) throw new SkfrError('invalid-session', `“${path}” is too large for an SKFR Studio analysis.`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SkfrError('invalid-session', `“${path}” is not an SKFR Studio analysis (.skfr) file: it is not UTF-8 text.`);
  }
  const session = parseSessionFile(text, path);
  if (session instanceof SkfrError) throw session;
  return session;
}

/**
 * The input to run: --data, else the first recorded path that is a file (one sentence when none is). Not the
 * 'session' job's lookup (core/jobs/session.ts readSession): that job reads and checks the session file itself
 * and names it by its base name in every refusal, where this command names the path as typed (readSession
 * above; test/cli/session.test.ts), and it answers only "not found", without the places looked at.
 */
async function findInput(session: SessionFile, sessionPath: string, data: string | undefined): Promise<string> {
  if (data !== undefined) return data;
  const candidates = inputCandidates(session, resolve(sessionPath)).map((candidate) => resolve(candidate));
  for (const candidate of candidates) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return candidate;
    if (info !== null) {
      throw new SkfrError('not-a-file', `the input of “${sessionPath}” recorded as “${candidate}” is ${kindOf(info)}, not a data file; give the data file with --data PATH.`);
    }
  }
  const looked = candidates.length > 0 ? ` (looked for ${candidates.map((c) => `“${c}”`).join(' and ')})` : ' (the session records no path: it was saved in a browser)';
  throw new SkfrError('file-not-found', `the input of “${sessionPath}”, “${session.input.fileName}”, was not found${looked}; give it with --data PATH.`);
}

/** FileIO over the CLI's readers (regular files only, CSV/TSV in chunks into shared memory, SHA-256 by node:crypto). */
function cliFileIO(io: CommandContext['io']): FileIO {
  const fileIO: FileIO = {
    readFile: (path) => io.readFile(path),
    writeFileAtomic: (path, bytes) => io.writeFileAtomic(path, bytes),
    sha256: nodeSha256,
  };
  const openChunks = io.openChunks;
  if (openChunks) fileIO.openChunks = async (path) => ({ chunks: await openChunks(path), allocate: allocateSharedFloat64 });
  return fileIO;
}

/** The worker pool, started on the first fit once n × p is known (as skfr cluster sizes it: poolOptionsFor). */
function lazyPool(workers: number | null, settings: FitSettings): { engine: AnalysisEngine; close(): Promise<void> } {
  let pool: WorkerPool | null = null;
  const get = (X: Matrix) => (pool ??= createWorkerPool(poolOptionsFor(workers, settings, X.rows, X.cols)));
  return {
    engine: {
      fit: (X, o) => get(X).fit(X, o),
      tune: (X, o) => get(X).tune(X, o),
      stability: (X, o, full) => get(X).stability(X, o, full),
      tuneK: (X, o) => get(X).tuneK(X, o),
      alternate: (X, o) => get(X).alternate(X, o),
    },
    close: async () => {
      await pool?.close();
    },
  };
}

function ok<T>(response: JobResponse & { result?: T }, signal: CancelSignal | null): T {
  if (response.ok) return response.result as T;
  if (signal !== null && response.error.code === 'cancelled') throw cancelledError(signal);
  throw new SkfrError(response.error.code, response.error.message);
}

export async function rerunCommand(argv: readonly string[], { io, version }: CommandContext): Promise<number> {
  const parsed = parseArgv(argv, RERUN_OPTIONS, 'skfr rerun');
  if (parsed.flags.has('help')) {
    io.stdout(RERUN_HELP + '\n');
    return 0;
  }
  if (parsed.positionals.length !== 1) {
    throw invalid(parsed.positionals.length === 0 ? 'give the saved analysis to run again: skfr rerun FILE.skfr (see skfr rerun --help).' : `give one saved analysis, not ${parsed.positionals.length} files: skfr rerun FILE.skfr.`);
  }
  const sessionPath = parsed.positionals[0]!;
  const workers = readInt(parsed, 'workers', { min: 1, max: 4096, why: 'the number of threads; 1 = no threads' }) ?? null;
  const session = await readSession(sessionPath, io);
  const inputPath = await findInput(session, sessionPath, parsed.values.get('data'));

  // Before a byte is parsed: a regular file (else what it is), of the recorded size (else it is another file,
  // and its contents would only confuse: a damaged session's path may point anywhere).
  const info = await statInput(inputPath, 'cli');
  const recordedSize = session.input.size;
  if (recordedSize !== null && info.size !== recordedSize) {
    const other = `“${inputPath}” is not the file this analysis was made from: it has ${formatCount(info.size)} bytes, the recorded input ${formatCount(recordedSize)}`;
    if (!parsed.flags.has('allow-changed')) throw new SkfrError('input-changed', `${other}; run it anyway with --allow-changed.`);
    io.stderr(`warning: ${other}.\n`);
  }

  const engine = lazyPool(workers, session.settings);
  const jobs = createSession(cliFileIO(io), { version, engine: engine.engine });
  const cancel = { signal: null as CancelSignal | null, aborted: false };
  const unsubscribe = io.onInterrupt?.((signal = 'SIGINT') => {
    cancel.signal ??= signal;
    cancel.aborted = true;
  });
  const bar = createProgressBar(io.stderr, { enabled: io.isTTY });
  try {
    const { input } = session;
    const opened = ok<{ datasetId: string; sha256: string; fileName: string }>(
      await jobs.runJob({
        type: 'open',
        source: { kind: 'path', path: inputPath },
        ...(input.sheet !== null ? { sheet: input.sheet } : {}),
        ...(input.noHeader ? { noHeader: true } : { headerRow: input.headerRow }),
      }),
      cancel.signal,
    );
    const difference = inputChanged(session, opened.sha256, inputPath);
    if (difference !== null && !parsed.flags.has('allow-changed')) {
      throw new SkfrError('input-changed', `${difference.replace(/\.$/, '')}; run it anyway with --allow-changed.`);
    }
    if (difference !== null) io.stderr(`warning: ${difference}\n`);
    const view = ok<FitView>(
      await jobs.runJob(
        { type: 'fit', datasetId: opened.datasetId, mapping: session.mapping, recipe: session.recipe, settings: session.settings, classColumn: session.classColumn },
        { onProgress: bar.update, signal: cancel },
      ),
      cancel.signal,
    );
    bar.done();
    const selectedFeatures = view.selected.map((l) => view.featureNames[l]!);
    const comparison = compareRun(session, { sampleIds: view.sampleIds, clusters: view.clusters, selectedFeatures });
    const recorded = session.result;
    if (parsed.flags.has('json')) {
      const json: RerunJson = {
        identical: comparison.identical,
        summary: comparison.summary,
        session: sessionPath,
        input: { path: inputPath, sha256: opened.sha256, recordedSha256: input.sha256, changed: difference !== null },
        n: view.n,
        k: view.k,
        s: view.s,
        sampleIds: view.sampleIds,
        labels: Array.from(view.clusters),
        selectedFeatures,
        recorded: { labels: recorded.clusters, selectedFeatures: recorded.selected.map((l) => recorded.featureNames[l]!) },
        differences: {
          samples: !comparison.sameSamples,
          changedSamples: comparison.changedCount,
          examples: comparison.changed,
          samePartition: comparison.samePartition,
          added: comparison.added,
          removed: comparison.removed,
        },
        command: view.command,
      };
      io.stdout(JSON.stringify(json) + '\n');
    } else {
      const method = `${session.settings.variant === 'local' ? 'SKFR2' : 'SKFR1'}, k = ${view.k}, s = ${view.s}, seed ${session.settings.seed}`;
      io.stdout(
        [
          `Session: ${basename(sessionPath)} (saved ${session.savedAt} by ${session.savedBy})`,
          `Input: ${inputPath} (${difference === null ? 'SHA-256 as recorded' : 'SHA-256 differs from the recorded one'})`,
          `Ran: ${method}, ${view.n} samples × ${view.p} features`,
          comparison.summary,
        ].join('\n') + '\n',
      );
    }
    return comparison.identical ? 0 : 1;
  } finally {
    bar.done();
    unsubscribe?.();
    await engine.close();
  }
}
