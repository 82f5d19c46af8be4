/**
 * Matching column names against the formats of specs.ts as the tools write them and as R rewrites them:
 * `read.delim` (make.names) turns every character that is not a letter, digit, dot or underscore into a dot
 * (`LFQ intensity C_R1` → `LFQ.intensity.C_R1`, `# PSMs` → `X..PSMs`, `Abundance: F1: 126, Sample` →
 * `Abundance..F1..126..Sample`), and janitor-style cleaning uses underscores (`Potential_contaminant`).
 *
 * - Column names (ids, labels, flags) are compared as loose names: lower case, runs of anything but letters and
 *   digits made one space, a leading R `X.` for names that started with a symbol dropped (`looseName`).
 * - Quantity columns: the spec's pattern on the name; for a table whose names hold no space (rewritten), also
 *   on the name with its runs of dots and underscores read as spaces, the sample part then cut from the
 *   original name (`C_R1`, not `C R1`).
 * @example looseName('Majority.protein.IDs') // 'majority protein ids'
 * @example matchQuantity(lfqSpec, 'LFQ_intensity_C_R1', true) // { part: 'C_R1', tail: '' }
 */
import { stripTypePrefix } from '../sample-names.js';
import type { Table } from '../types.js';
import type { QuantitySpec } from './specs.js';

/** A column name as formats are matched (module comment). */
export function looseName(name: string): string {
  return stripTypePrefix(name)
    .trim()
    .replace(/^X\.+(?=[A-Za-z])/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The table's headers were rewritten by R or a cleaner: no name holds a space, some hold dots or underscores. */
export function rewrittenNames(table: Pick<Table, 'columns'>): boolean {
  let separated = false;
  for (const c of table.columns) {
    if (/\s/.test(c.name.trim())) return false;
    if (/[._]/.test(c.name)) separated = true;
  }
  return separated;
}

/** `name` with each run of dots and underscores made one space, and where each character came from. */
function restore(name: string): { text: string; from: Int32Array; to: Int32Array } {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < name.length; ) {
    if (name[i] === '.' || name[i] === '_') {
      let j = i;
      while (j < name.length && (name[j] === '.' || name[j] === '_')) j++;
      text += ' ';
      from.push(i);
      to.push(j);
      i = j;
    } else {
      text += name[i];
      from.push(i);
      to.push(i + 1);
      i++;
    }
  }
  return { text, from: Int32Array.from(from), to: Int32Array.from(to) };
}

const withIndices = new WeakMap<RegExp, RegExp>();

function indexed(pattern: RegExp): RegExp {
  let re = withIndices.get(pattern);
  if (!re) withIndices.set(pattern, (re = new RegExp(pattern.source, pattern.flags.replace(/[gyd]/g, '') + 'd')));
  return re;
}

export interface QuantityMatch {
  /** The sample part of the name (the pattern's group 1), as the file writes it. */
  part: string;
  /** Further name parts that annotate the sample (group 2: Proteome Discoverer's study factors), or ''. */
  tail: string;
}

function exec(q: Pick<QuantitySpec, 'pattern' | 'exclude'>, text: string): RegExpExecArray | null {
  if (q.exclude?.test(text)) return null;
  return indexed(q.pattern).exec(text);
}

/** The sample part of `name` under quantity `q` (module comment), or null when the name is not one of its columns. */
export function matchQuantity(q: Pick<QuantitySpec, 'pattern' | 'exclude'>, name: string, rewritten: boolean): QuantityMatch | null {
  const bare = stripTypePrefix(name).trim();
  const m = exec(q, bare);
  if (m) return { part: (m[1] ?? bare).trim(), tail: (m[2] ?? '').trim() };
  if (!rewritten) return null;
  const r = restore(bare);
  const n = exec(q, r.text);
  if (!n) return null;
  const slice = (k: number): string => {
    const span = n.indices?.[k];
    if (!span) return '';
    const [s, e] = span;
    return s >= e ? '' : bare.slice(r.from[s]!, r.to[e - 1]!);
  };
  return { part: n[1] !== undefined ? slice(1) : bare, tail: slice(2) };
}
