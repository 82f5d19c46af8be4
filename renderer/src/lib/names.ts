/**
 * Column names made readable in narrow cells, keeping the part that tells them apart. Quantification software
 * names runs by long file paths that differ only at the end ("/gpfs/…/20240709_…_pilot-2_neuron_bcmk10.raw.dia"),
 * where an ordinary ellipsis would cut every one of them to the same text: a path keeps its file name, and the
 * names are shortened together by core/charts/short-labels.ts (the one rule of the app). The full name always
 * goes in a title.
 *
 * @example headerLabels(['Protein.Group', '/runs/20240709_Ast_Neo_bcmk1.raw', '/runs/20240709_Ast_Neo_bcmk10.raw'], 12)
 *   // ['Protein.Group', '…bcmk1.raw', '…bcmk10.raw']
 */
import { shortLabels } from '../../../core/charts/short-labels';

/** A column named by a file path keeps its file name: "…/x.mzML". Other names are returned as they are. */
export function shortColumnName(name: string, max = 36): string {
  if (name.length <= max || !/[\\/]/.test(name)) return name;
  const tail = name.split(/[\\/]/).pop() ?? name;
  return `…${name.includes('\\') ? '\\' : '/'}${tail}`;
}

/**
 * Labels for a table's header: columns named by file paths (runs) are shortened together (their shared folder and
 * prefix dropped, see shortLabels); other names are left to the cell's own ellipsis.
 */
export function headerLabels(names: readonly string[], max: number): string[] {
  const paths = names.map((n, i) => ({ n, i })).filter(({ n }) => /[\\/]/.test(n) && n.length > max);
  if (paths.length === 0) return [...names];
  const short = shortLabels(paths.map(({ n }) => shortColumnName(n, 0).slice(2)), max);
  const out = [...names];
  paths.forEach(({ i }, j) => (out[i] = short[j]!));
  return out;
}

function fileName(name: string): string {
  return /[\\/]/.test(name) ? (name.split(/[\\/]/).pop() ?? name) : name;
}

/**
 * Labels for a column list (the mapper): the sample columns shortened together (shortLabels of their file names),
 * every other column by its file name when it is a path. Returns name → label.
 */
export function columnLabels(names: readonly string[], sampleColumns: readonly string[], max: number): Map<string, string> {
  const samples = new Set(sampleColumns);
  const out = new Map<string, string>();
  const sampleNames = names.filter((n) => samples.has(n));
  const short = shortLabels(sampleNames.map(fileName), max);
  sampleNames.forEach((n, i) => out.set(n, short[i]!));
  // Other columns keep their start (the cell's ellipsis cuts the end): "control_1 Spectral C…".
  for (const n of names) if (!samples.has(n)) out.set(n, fileName(n));
  return out;
}
