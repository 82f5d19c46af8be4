/**
 * Cancelling a run from the terminal: Ctrl+C (SIGINT) or SIGTERM. The command stops at its next check,
 * removes what it had started writing, prints one line and exits 130 (SIGINT) or 143 (SIGTERM), the
 * shell's codes for those signals.
 */
import { SkfrError } from '../core/errors.js';

export type CancelSignal = 'SIGINT' | 'SIGTERM';

/** Exit code of a run cancelled by `signal`: 128 + the signal's number. */
export const CANCEL_EXIT_CODES: Record<CancelSignal, number> = { SIGINT: 130, SIGTERM: 143 };

/** A SkfrError 'cancelled' that knows its exit code (cli/main.ts reportError). */
export class CancelledError extends SkfrError {
  readonly exitCode: number;
  constructor(readonly signal: CancelSignal) {
    super('cancelled', `cancelled (${signal === 'SIGINT' ? 'Ctrl+C' : 'SIGTERM'}); nothing was written.`);
    this.exitCode = CANCEL_EXIT_CODES[signal];
  }
}

/** The error a command ends with when `signal` cancelled it: `error: cancelled (Ctrl+C); nothing was written.` */
export function cancelledError(signal: CancelSignal): CancelledError {
  return new CancelledError(signal);
}
