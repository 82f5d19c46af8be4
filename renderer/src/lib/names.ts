/**
 * Long names made readable in narrow cells, keeping the part that tells them apart. Quantification software
 * names runs by long file paths that differ only at the end ("/gpfs/…/20240709_…_pilot-2_neuron_bcmk10.raw.dia"),
 * where an ordinary ellipsis would cut every one of them to the same text. The full name always goes in a title.
 *
 * @example shortNames(['20240709_Ast_Neo_run_bcmk1', '20240709_Ast_Neo_run_bcmk10'], 20) // ['…bcmk1', '…bcmk10']
 */

/** "abcdefghij" with max 7 → "ab…ghij": the end is kept longer than the start (names differ at the end more often). */
export function middleEllipsis(text: string, max: number): string {
  if (text.length <= max || max < 3) return text;
  const keep = max - 1;
  const head = Math.floor(keep * 0.4);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

/** A column named by a file path keeps its file name: "…/x.mzML". Other names are returned as they are. */
export function shortColumnName(name: string, max = 36): string {
  if (name.length <= max || !/[\\/]/.test(name)) return name;
  const tail = name.split(/[\\/]/).pop() ?? name;
  return `…${name.includes('\\') ? '\\' : '/'}${tail}`;
}

const SEPARATOR = /[_\-. /\\]/;

/** The longest prefix shared by every name, cut just after a separator (so no word is split). */
export function commonPrefix(names: readonly string[]): string {
  if (names.length < 2) return '';
  let prefix = names[0]!;
  for (const n of names) {
    let i = 0;
    while (i < prefix.length && i < n.length && prefix[i] === n[i]) i++;
    prefix = prefix.slice(0, i);
    if (prefix === '') return '';
  }
  let cut = prefix.length;
  while (cut > 0 && !SEPARATOR.test(prefix[cut - 1]!)) cut--;
  return prefix.slice(0, cut);
}

/** The longest suffix shared by every name, starting at a separator (" MaxLFQ Intensity"). */
export function commonSuffix(names: readonly string[]): string {
  const reversed = names.map((n) => [...n].reverse().join(''));
  const prefix = commonPrefix(reversed);
  // commonPrefix cut after a separator of the reversed text: the suffix starts with that separator.
  return [...prefix].reverse().join('');
}

/**
 * Names as a list shows them: unchanged when every one fits in `max` characters; else a long prefix and a long
 * suffix shared by all (≥ `minAffix` characters each, e.g. a run folder, " MaxLFQ Intensity") become "…", and each
 * name is cut in the middle to `max` characters.
 */
export function shortNames(names: readonly string[], max: number, minAffix = 12): string[] {
  if (names.every((n) => n.length <= max)) return [...names];
  let prefix = commonPrefix(names);
  if (prefix.length < minAffix) prefix = '';
  let suffix = commonSuffix(names.map((n) => n.slice(prefix.length)));
  if (suffix.length < minAffix) suffix = '';
  const keep = names.every((n) => n.length > prefix.length + suffix.length);
  return names.map((n) => {
    if (!keep || (prefix === '' && suffix === '')) return middleEllipsis(n, max);
    const core = n.slice(prefix.length, n.length - suffix.length);
    return middleEllipsis(`${prefix ? '…' : ''}${core}${suffix ? '…' : ''}`, max);
  });
}

/**
 * Labels for a table's header: columns named by file paths (runs) are shortened together (their shared folder and
 * prefix dropped, see shortNames); other names are left to the cell's own ellipsis.
 */
export function headerLabels(names: readonly string[], max: number): string[] {
  const paths = names.map((n, i) => ({ n, i })).filter(({ n }) => /[\\/]/.test(n) && n.length > max);
  if (paths.length === 0) return [...names];
  const short = shortNames(paths.map(({ n }) => shortColumnName(n, 0).slice(2)), max);
  const out = [...names];
  paths.forEach(({ i }, j) => (out[i] = short[j]!));
  return out;
}

function fileName(name: string): string {
  return /[\\/]/.test(name) ? (name.split(/[\\/]/).pop() ?? name) : name;
}

/**
 * Labels for a column list (the mapper): the sample columns shortened together (shortNames of their file names),
 * every other column by its file name when it is a path. Returns name → label.
 */
export function columnLabels(names: readonly string[], sampleColumns: readonly string[], max: number): Map<string, string> {
  const samples = new Set(sampleColumns);
  const out = new Map<string, string>();
  const sampleNames = names.filter((n) => samples.has(n));
  const short = shortNames(sampleNames.map(fileName), max);
  sampleNames.forEach((n, i) => out.set(n, short[i]!));
  // Other columns keep their start (the cell's ellipsis cuts the end): "control_1 Spectral C…".
  for (const n of names) if (!samples.has(n)) out.set(n, fileName(n));
  return out;
}
