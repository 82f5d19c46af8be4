/**
 * Size bounds of what crosses the protocol inside a request (a sample table travels inside the Mapping), shared
 * by the schema (a hostile or broken window cannot send gigabytes) and the 'design' job (a sample table read
 * from a file must fit them, or the next 'map' would be refused).
 */

/** Rows of a sample table (one per sample). */
export const MAX_DESIGN_ROWS = 100_000;
/** Columns of a sample table. */
export const MAX_DESIGN_COLUMNS = 1_000;
/** Cells of a sample table (rows × columns). */
export const MAX_DESIGN_CELLS = 2_000_000;
/** Characters of one name or cell text in a request. */
export const MAX_TEXT = 10_000;
/** Column names listed in one mapping field (sample columns, feature annotations, …). */
export const MAX_NAMES = 100_000;
/** A 1-based header row. */
export const MAX_HEADER_ROW = 1_000_000;
/** Steps of a recipe. */
export const MAX_STEPS = 100;
