/**
 * Entry of the `skfr` command: dispatch to a sub-command and turn every failure into an exit code.
 *
 * Exit codes: 0 success; 2 a user mistake (one line `error: …` on stderr, no stack trace); 1 an internal
 * error (`internal error: …`); 130 cancelled by Ctrl+C (SIGINT), 143 by SIGTERM. `main(argv, io)` never
 * touches `process` itself, so tests run it in-process with captured streams; `runFromProcess()` wires it to
 * the real process.
 * @example
 *   const code = await main(['cluster', 'mice.csv', '--k', '8', '--s', '24', '--json'], nodeIO());
 */
import { fileURLToPath } from 'node:url';
import { realpathSync } from 'node:fs';
import { SkfrError } from '../core/errors.js';
import { CancelledError, CANCEL_EXIT_CODES, type CancelSignal } from '../node/cancel.js';
import { checkOutputPaths, openInputChunks, OutputSet, readInputFile, removeTemporariesSync, writeFileAtomic } from '../node/files.js';
import type { CliIO, CommandContext } from './context.js';
import { packageVersion } from './version.js';
// The commands are imported when run (issue 27: `skfr cluster` on a CSV never loads `rerun`'s jobs session, zod
// and SheetJS: about half the modules the command used to load).
const commands = {
  cluster: () => import('./commands/cluster.js'),
  simulate: () => import('./commands/simulate.js'),
  rerun: () => import('./commands/rerun.js'),
};

export type { CliIO, CommandContext, OutputWriter } from './context.js';

export const USAGE = `skfr — sparse k-means with feature ranking (SKFR, Zhang, Lange & Xu, NeurIPS 2020)

Usage:
  skfr cluster FILE --k K (--s S | --tune-s FROM:TO[:STEP]) [options]   cluster a sheet (.csv .tsv .xlsx .xls)
  skfr simulate --design sparse|outliers|subsets|missing --out FILE.csv   write a simulated data set
  skfr rerun FILE.skfr [--data PATH] [--json]   run a saved analysis again and check it gives the same result
  skfr --help | skfr COMMAND --help | skfr --version

Example (the mouse protein data):
  skfr cluster mice_protein.csv --id-column MouseID --class-column class \\
    --annotation-columns Genotype,Treatment,Behavior --k 8 --s 24 --out report.xlsx

Exit codes: 0 success, 2 a problem with the input or the options (one "error:" line), 1 an internal error,
130 / 143 cancelled by Ctrl+C / SIGTERM.

Documentation (in the project's folder): docs/cli.md (every command and flag), docs/formats.md (the tables it
reads), docs/preparation.md (what is done to the values), docs/sessions.md (saved analyses and rerun).`;

/** Run the command line `argv` (without node and the script). Resolves to the exit code; never throws. */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const context: CommandContext = { io, version: packageVersion() };
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case undefined:
        io.stderr(USAGE + '\n');
        return 2;
      case '--help':
      case '-h':
        io.stdout(USAGE + '\n');
        return 0;
      case 'help':
        if (rest[0] === 'cluster') io.stdout((await commands.cluster()).CLUSTER_HELP + '\n');
        else if (rest[0] === 'simulate') io.stdout((await commands.simulate()).SIMULATE_HELP + '\n');
        else if (rest[0] === 'rerun') io.stdout((await commands.rerun()).RERUN_HELP + '\n');
        else io.stdout(USAGE + '\n');
        return 0;
      case '--version':
      case '-V':
      case 'version':
        io.stdout(`skfr ${context.version}\n`);
        return 0;
      case 'cluster':
        return await (await commands.cluster()).clusterCommand(rest, context);
      case 'simulate':
        return await (await commands.simulate()).simulateCommand(rest, context);
      case 'rerun':
        return await (await commands.rerun()).rerunCommand(rest, context);
      default:
        throw new SkfrError(
          'invalid-option',
          command.startsWith('-')
            ? `unknown option “${command}”; start with a command: skfr cluster … or skfr simulate … (see skfr --help).`
            : `unknown command “${command}”; the commands are cluster, simulate and rerun (see skfr --help).`,
        );
    }
  } catch (error) {
    return reportError(error, io);
  }
}

/** One line on stderr for the error, and its exit code. */
export function reportError(error: unknown, io: CliIO): number {
  const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();
  if (error instanceof SkfrError && error.code !== 'internal' && error.code !== 'compute-crashed') {
    io.stderr(`error: ${oneLine(error.message)}\n`);
    if (error.code === 'cancelled') return error instanceof CancelledError ? error.exitCode : 130;
    return 2;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`internal error: ${oneLine(message)} (please report this, with the command you ran)\n`);
  if (io.debug && error instanceof Error && error.stack) io.stderr(error.stack + '\n');
  return 1;
}

/** Commands listening for Ctrl+C / SIGTERM now (onInterrupt); with none, `interruptedEarly` answers. */
let listening = 0;

/**
 * A signal before any command listens (reading the input, preparing it: nothing is written yet): the same one
 * line and exit code as a cancelled run, at once, instead of Node's silent death by the signal (issue 26:
 * cancel in every phase). Installed by runFromProcess.
 */
function interruptedEarly(signal: CancelSignal): void {
  if (listening > 0) return;
  process.stderr.write(`error: ${new CancelledError(signal).message}\n`);
  removeTemporariesSync();
  process.exit(CANCEL_EXIT_CODES[signal]);
}

/** The real process: Node streams and file system; sets the exit code when done. */
export function nodeIO(): CliIO {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    isTTY: process.stderr.isTTY === true,
    readFile: readInputFile,
    openChunks: (path) => openInputChunks(path),
    writeFileAtomic,
    createOutputSet: () => new OutputSet(),
    checkOutputPaths,
    debug: process.env['SKFR_DEBUG'] === '1',
    onInterrupt(handler) {
      let signals = 0;
      const listener = (signal: CancelSignal) => {
        if (++signals > 1) {
          removeTemporariesSync();
          process.exit(CANCEL_EXIT_CODES[signal]);
        }
        handler(signal);
      };
      process.on('SIGINT', listener);
      process.on('SIGTERM', listener);
      listening++;
      return () => {
        process.off('SIGINT', listener);
        process.off('SIGTERM', listener);
        listening--;
      };
    },
  };
}

export async function runFromProcess(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  // `skfr … | head` closes stdout early: that is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    process.stderr.write(`error: cannot write the output (${error.code ?? error.message}).\n`);
    process.exit(2);
  });
  process.on('SIGINT', interruptedEarly);
  process.on('SIGTERM', interruptedEarly);
  process.exitCode = await main(argv, nodeIO());
}

function isEntry(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) await runFromProcess();
