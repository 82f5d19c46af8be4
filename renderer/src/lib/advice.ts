/**
 * What a user sees for each error code: a short title in their terms and what to do next.
 * The host's message (which names the file, row, column or value) is shown between the two.
 */
import { assertNever, type ErrorCode, type ErrorInfo } from '../../../core/errors';

export interface Advice {
  title: string;
  next: string;
}

export function adviceFor(code: ErrorCode): Advice {
  switch (code) {
    case 'file-not-found':
    case 'not-a-file':
      return { title: 'The file could not be found', next: 'Choose the file again with Open.' };
    case 'unreadable-file':
    case 'unsupported-format':
      return {
        title: 'This file could not be read',
        next: 'Open an .xlsx, .xls, .csv or .tsv file; if it opens in Excel, save it again as .xlsx or .csv.',
      };
    case 'empty-sheet':
    case 'unknown-sheet':
      return { title: 'There is no table to read', next: 'Pick another sheet or another file.' };
    case 'unknown-column':
    case 'invalid-regex':
    case 'no-rows':
    case 'empty-sample':
    case 'ragged-row':
      return { title: 'The column mapping does not fit the data', next: 'Adjust the columns or filters on the Import step.' };
    case 'design-unmatched':
      return { title: 'The sample table names none of the samples', next: 'Match its rows in file order if they follow the samples, or attach another table.' };
    case 'no-numeric-features':
      return {
        title: 'No numeric feature columns',
        next: 'Mark at least one column of numbers as a feature (or check the orientation).',
      };
    case 'invalid-k':
    case 'invalid-s':
      return { title: 'A setting is not possible for this data', next: 'Change the value on the Configure step and run again.' };
    case 'invalid-option':
      // Settings, but also a header row past the end of the sheet or a sample table that matches no sample.
      return { title: 'A choice does not fit this data', next: 'Change it where it was made (Import or Configure) and try again; nothing else was changed.' };
    case 'unknown-dataset':
    case 'unknown-fit':
      return { title: 'The data is no longer loaded', next: 'Open the file again; your settings are kept.' };
    case 'invalid-request':
    case 'internal':
      return { title: 'Something went wrong', next: 'Try again; if it happens again, restart the app.' };
    case 'write-failed':
      return { title: 'The file could not be saved', next: 'Choose another folder or file name and save again.' };
    case 'invalid-session':
      return { title: 'This saved analysis could not be opened', next: 'Choose another .skfr file, or open the data file and run the analysis again.' };
    case 'input-changed':
      return { title: 'The data file has changed', next: 'Re-run with the recorded settings, or choose the original file.' };
    case 'cancelled':
      return { title: 'Run cancelled', next: 'Your data and settings are kept; press Run to start again.' };
    case 'compute-crashed':
      return {
        title: 'The computation stopped unexpectedly',
        next: 'Your data and settings are kept; run again (the file may need to be opened again).',
      };
    default:
      return assertNever(code);
  }
}

export interface Notice extends Advice {
  code: ErrorInfo['code'];
  message: string;
  /** 'info' for expected outcomes (a cancelled run), 'error' otherwise. */
  tone: 'info' | 'error';
}

export function noticeFor(error: ErrorInfo): Notice {
  const advice = adviceFor(error.code);
  return { ...advice, code: error.code, message: error.message, tone: error.code === 'cancelled' ? 'info' : 'error' };
}
