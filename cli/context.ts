/**
 * What a command of `skfr` is given (CommandContext): the platform as CliIO (streams, files, Ctrl+C), which
 * main.ts builds for the real process (nodeIO) and tests build with captured streams, and the version. Its own
 * module so that the commands (commands/*.ts) and main.ts, which dispatches to them, import it and not each other.
 */
import type { ChunkSource } from '../core/table/stream.js';
import type { CancelSignal } from '../node/cancel.js';

/** Everything a command needs from its platform; tests substitute captured streams. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (the progress bar is drawn only then). */
  isTTY: boolean;
  readFile(path: string): Promise<Uint8Array>;
  /**
   * The file as chunks, read anew each time the source is iterated (large CSV/TSV files are parsed chunk by
   * chunk, never whole in memory). Optional: without it, files are read whole.
   */
  openChunks?(path: string): Promise<ChunkSource>;
  /** Write a file atomically: its bytes, or chunks of bytes produced one at a time. */
  writeFileAtomic(path: string, content: Uint8Array | Iterable<Uint8Array>): Promise<void>;
  /**
   * The outputs of one run, written all or none (node/files.ts OutputSet). Optional: without it, outputs are
   * written one by one with writeFileAtomic.
   */
  createOutputSet?(): OutputWriter;
  /**
   * Fail early (before computing) when an output cannot be written (folder missing, not a folder, not
   * writable), would replace an input (the same real file), or two outputs are the same file.
   */
  checkOutputPaths?(paths: readonly string[], inputs: readonly string[]): Promise<void>;
  /** Print stack traces of internal errors (SKFR_DEBUG=1). */
  debug?: boolean;
  /**
   * Call `handler` on Ctrl+C (SIGINT) or SIGTERM until the returned function is called; a second one ends the
   * process at once (removing this process's temporary files first). `cluster` subscribes for the fit and the
   * writing of its outputs (an in-thread fit yields between restarts, so it notices too).
   */
  onInterrupt?(handler: (signal?: CancelSignal) => void): () => void;
}

/** What commands need of an OutputSet (tests may substitute their own). */
export interface OutputWriter {
  stage(path: string, content: Uint8Array | Iterable<Uint8Array>): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
  cancel(signal: CancelSignal): void;
}

export interface CommandContext {
  io: CliIO;
  version: string;
}
