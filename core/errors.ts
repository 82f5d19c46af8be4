/**
 * Errors a user can cause, with a code hosts can switch on and a message in the user's terms.
 * Anything that is not a SkfrError is a bug and is reported as 'internal'.
 */
export type ErrorCode =
  | 'file-not-found'
  | 'not-a-file'
  | 'unreadable-file'
  | 'unsupported-format'
  | 'empty-sheet'
  | 'unknown-sheet'
  | 'unknown-column'
  | 'no-numeric-features'
  | 'ragged-row'
  | 'invalid-k'
  | 'invalid-s'
  | 'invalid-option'
  | 'empty-sample'
  /** No sample name matches a row of the sample table, which has one row per sample: a join in file order is possible. */
  | 'design-unmatched'
  | 'invalid-regex'
  | 'no-rows'
  | 'unknown-dataset'
  | 'unknown-fit'
  | 'invalid-request'
  | 'write-failed'
  | 'invalid-session'
  | 'input-changed'
  | 'cancelled'
  | 'compute-crashed'
  | 'internal';

export class SkfrError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'SkfrError';
    this.code = code;
  }
}

/** Serializable form of an error, as it crosses process and worker boundaries. */
export interface ErrorInfo {
  code: ErrorCode;
  message: string;
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof SkfrError) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `Unexpected internal error: ${message}` };
}

export function assertNever(x: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(x)}`);
}
