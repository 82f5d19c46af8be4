/** The SkfrError `fn` throws, for tests that check its code and message; any other error is thrown again. */
import { SkfrError } from '../core/errors.js';

export function errorOf(fn: () => unknown): SkfrError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SkfrError) return error;
    throw error;
  }
  throw new Error('expected a SkfrError');
}
