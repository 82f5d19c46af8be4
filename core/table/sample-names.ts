/**
 * Sample names as a scientist calls them, from the names quantification software gives its sample columns:
 * the quantity's prefix or suffix goes (`LFQ intensity H1` → `H1`, `control_1 MaxLFQ Intensity` → `control_1`,
 * `[3] S1.PG.Quantity` → `S1`), a run's file path becomes its file name without the instrument's extensions
 * (`/data/run/bcmk10.raw.dia` → `bcmk10`), a run-file extension goes from a bare name too
 * (`[1] Control_1.raw.PG.Quantity` → `Control_1`), and Perseus' Excel prefixes (`T: `, `N: `) are dropped. The
 * same cleaning is applied to the values of a sample table before joining, so either side may carry the prefix
 * or the extension: `cleanSampleName` is the one function both sides use.
 *
 * One rule for every format (not one per file): a name is cleaned by `cleanSampleName(name, affixes)`, where the
 * affixes are the quantity's (formats/naming.ts finds the sample part of each column's name: the format's
 * pattern, or the shortest prefix and suffix the columns share that hold the quantity's words).
 */

/** Prefix and suffix to strip from every sample column's name. */
export interface Affixes {
  prefix: string;
  suffix: string;
}

export const NO_AFFIXES: Affixes = { prefix: '', suffix: '' };

/** Extensions of raw and converted MS runs, stripped (repeatedly) from the end of a run's file name. */
const RUN_EXTENSIONS = /\.(raw|dia|d|mzml|mzxml|wiff2?|mgf|mzdata|quant|htrms|tdf|baf)$/i;
/**
 * The same, for a name that is not a path: Bruker's `.d` only in lower case (`Ctrl.D` is a sample D of Ctrl),
 * and never the whole name.
 */
const NAME_EXTENSIONS = /(?<=[^.\\/])\.(raw|RAW|Raw|dia|d|mz[Mm][Ll]|mz[Xx][Mm][Ll]|wiff2?|WIFF2?|mgf|htrms)$/;

/** Quantity words that may stand before or after a sample name in a column header, longest first. */
const QUANTITY_PREFIXES = [
  'Reporter intensity corrected ',
  'Reporter intensity ',
  'LFQ intensity ',
  'MaxLFQ Intensity ',
  'Intensity ',
  'iBAQ ',
  'Abundance: ',
  'Abundances (Normalized): ',
  'Abundance ',
];
const QUANTITY_SUFFIXES = [
  ' MaxLFQ Intensity',
  ' Intensity',
  ' Spectral Count',
  '.PG.Quantity',
  '.PG.Intensity',
];

/** Perseus writes a type letter before each column name when it exports to Excel ("T: Gene names"). */
export function stripTypePrefix(name: string): string {
  return name.replace(/^[TNCEM]: /, '');
}

function looksLikePath(name: string): boolean {
  return /^([A-Za-z]:)?[\\/]/.test(name) || (/[\\/]/.test(name) && RUN_EXTENSIONS.test(name));
}

/** A run's file path → its file name without run extensions: `C:\\x\\a.raw` → `a`, `/p/b.raw.dia` → `b`. */
export function runName(path: string): string {
  const parts = path.split(/[\\/]/);
  let name = parts[parts.length - 1] || path;
  for (let i = 0; i < 3 && RUN_EXTENSIONS.test(name); i++) name = name.replace(RUN_EXTENSIONS, '');
  return name || path;
}

/**
 * Clean one sample name. With `affixes`, they are stripped when present; without, any known quantity prefix or
 * suffix is (for values of a sample table, which may or may not carry them).
 * @example cleanSampleName('LFQ intensity H1', { prefix: 'LFQ intensity ', suffix: '' }) // 'H1'
 * @example cleanSampleName('/gpfs/x/run_bcmk1.raw.dia') // 'run_bcmk1'
 * @example cleanSampleName('[2] KO_1.PG.Quantity') // 'KO_1'
 * @example cleanSampleName('[1] Control_1.raw', { prefix: '', suffix: '' }) // 'Control_1'
 */
export function cleanSampleName(name: string, affixes?: Affixes): string {
  let s = stripTypePrefix(name.trim());
  if (affixes) {
    if (affixes.prefix && s.startsWith(affixes.prefix) && s.length > affixes.prefix.length) s = s.slice(affixes.prefix.length);
    if (affixes.suffix && s.endsWith(affixes.suffix) && s.length > affixes.suffix.length) s = s.slice(0, -affixes.suffix.length);
  } else {
    const prefix = QUANTITY_PREFIXES.find((p) => s.startsWith(p) && s.length > p.length);
    if (prefix) s = s.slice(prefix.length);
    const suffix = QUANTITY_SUFFIXES.find((x) => s.endsWith(x) && s.length > x.length);
    if (suffix) s = s.slice(0, -suffix.length);
  }
  s = s.replace(/^\[\d+\]\s*/, '');
  if (looksLikePath(s)) s = runName(s);
  else for (let i = 0; i < 3 && NAME_EXTENSIONS.test(s); i++) s = s.replace(NAME_EXTENSIONS, '');
  return s.trim() || name.trim();
}

/**
 * The longest prefix and suffix shared by all names, cut at a word boundary (space, underscore, dot, dash or
 * colon), that leaves every name non-empty and distinct. Fewer than two names share nothing.
 * @example commonAffixes(['Abund. S1 (norm)', 'Abund. S2 (norm)']) // { prefix: 'Abund. ', suffix: ' (norm)' }
 */
export function commonAffixes(names: readonly string[]): Affixes {
  if (names.length < 2 || names.some(looksLikePath)) return NO_AFFIXES;
  const stripped = names.map(stripTypePrefix);
  let prefix = stripped[0]!;
  for (const n of stripped) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  let suffix = stripped[0]!;
  for (const n of stripped) while (!n.endsWith(suffix)) suffix = suffix.slice(1);
  const boundary = /[\s_.:\-\]]/;
  // Candidate cuts: the prefix ends just after a boundary character, the suffix starts just before one.
  const prefixes = [''];
  for (let i = 1; i <= prefix.length; i++) if (boundary.test(prefix[i - 1]!)) prefixes.push(prefix.slice(0, i));
  const suffixes = [''];
  for (let i = suffix.length - 1; i >= 0; i--) if (boundary.test(suffix[i]!)) suffixes.push(suffix.slice(i));
  const fits = (p: string, x: string) => {
    const rest = stripped.map((n) => n.slice(p.length, n.length - x.length));
    return rest.every((r) => r.trim().length > 0) && new Set(rest).size === rest.length;
  };
  let best: Affixes = NO_AFFIXES;
  for (const p of prefixes) {
    for (const x of suffixes) {
      if (p.length + x.length > best.prefix.length + best.suffix.length && stripped.every((n) => n.length > p.length + x.length) && fits(p, x)) {
        best = { prefix: p, suffix: x };
      }
    }
  }
  return best;
}

/**
 * Clean names for a list of sample columns, made unique (a repeated name gets " (2)", " (3)", …).
 * @example sampleNamesFor(['LFQ intensity A', 'LFQ intensity B'], { prefix: 'LFQ intensity ', suffix: '' }) // ['A', 'B']
 */
export function sampleNamesFor(columns: readonly string[], affixes: Affixes): string[] {
  const seen = new Map<string, number>();
  return columns.map((c) => {
    const name = cleanSampleName(c, affixes);
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

/** The key two sample names are compared by when joining a sample table: cleaned, case and spacing folded. */
export function sampleKey(name: string): string {
  return cleanSampleName(name).toLowerCase().replace(/\s+/g, ' ');
}
