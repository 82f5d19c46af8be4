/**
 * Notes of a recognised layout (Layout.notes) that depend on what the user attached since: a note that asks for a
 * sample table (Proteome Discoverer's samples are its file ids until its Input Files table names them) is said no
 * more once a sample table is attached — the app's Import screen and `skfr cluster` (stderr, `--json` notes) both
 * show the notes through notesWith.
 * @example notesWith([PD_INPUT_FILES_NOTE, 'The 2 unused channels are left out.'], design) // ['The 2 unused channels are left out.']
 */
import type { SampleTable } from '../types.js';

/** Proteome Discoverer's samples named by their file ids: the sample table that names them. */
export const PD_INPUT_FILES_NOTE =
  'The samples are named by their Proteome Discoverer file ids (F1, F2, …): attach the Input Files table exported beside the proteins ' +
  '(…_InputFiles.txt) as the sample table to name them by their raw files.';

/** Notes that ask for a sample table: moot once one is attached. */
const ASKS_FOR_SAMPLE_TABLE: ReadonlySet<string> = new Set([PD_INPUT_FILES_NOTE]);

/** The layout's notes as they stand with `design` attached (or not). */
export function notesWith(notes: readonly string[] | null | undefined, design: SampleTable | null | undefined): string[] {
  const all = [...(notes ?? [])];
  return design ? all.filter((n) => !ASKS_FOR_SAMPLE_TABLE.has(n)) : all;
}
