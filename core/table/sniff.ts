/**
 * Delimiter sniffing for CSV/TSV files: comma, semicolon or tab, judged on the first 64 KiB.
 * Example: "a;b\n1,5;2\n" → ';'.
 */
import { CsvScanner } from './scanner.js';

export type Delimiter = ',' | ';' | '\t';
const CANDIDATES: Delimiter[] = [',', ';', '\t'];
/** Bytes the delimiter is judged on. */
export const SNIFF_BYTES = 64 * 1024;
const SNIFF_ROWS = 20;

/**
 * Pick the delimiter: the candidate whose most common field count (> 1) on the first rows is shared by the most
 * rows, then the widest; `.tsv`/`.tab` files prefer tab. The most common count, not the first row's: title lines
 * above the header (a program's "Samples Report", "# Created by …") hold no delimiter. A single-column file
 * gets a comma.
 * Example: "a;b\n1,5;2\n" → ';' (comma would give 1 then 2 fields); "Report\nA\tB\n1\t2\n" → tab.
 */
/** The field count (2 or more) most rows have, the larger on a tie; 0 when no row has 2 fields. */
function modalWidth(counts: readonly number[]): number {
  const tally = new Map<number, number>();
  for (const c of counts) if (c >= 2) tally.set(c, (tally.get(c) ?? 0) + 1);
  let best = 0;
  for (const [c, n] of tally) if (n > (tally.get(best) ?? 0) || (n === tally.get(best) && c > best)) best = c;
  return best;
}

export function sniffDelimiter(body: Uint8Array, fileName: string): Delimiter {
  const sample = body.subarray(0, Math.min(body.length, SNIFF_BYTES));
  const truncated = sample.length < body.length;
  const preferTab = /\.(tsv|tab)$/i.test(fileName);
  const scored: { d: Delimiter; width: number; agree: number }[] = [];
  const quick = quickFieldCounts(sample);
  CANDIDATES.forEach((d, k) => {
    const counts = quick?.[k] ?? scannedFieldCounts(sample, d, fileName);
    if (truncated && counts.length > 1) counts.pop();
    const width = modalWidth(counts);
    if (width < 2) return;
    scored.push({ d, width, agree: counts.filter((c) => c === width).length / counts.length });
  });
  const tab = scored.find((x) => x.d === '\t');
  if (preferTab && tab && tab.agree === 1) return '\t';
  scored.sort((a, b) => b.agree - a.agree || b.width - a.width);
  return scored[0]?.d ?? (preferTab ? '\t' : ',');
}

/**
 * The field counts of the first SNIFF_ROWS + 1 non-blank records with delimiter `d`, as the scanner cuts them.
 * Exported for tests.
 */
export function scannedFieldCounts(sample: Uint8Array, d: Delimiter, fileName: string): number[] {
  const counts: number[] = [];
  const scanner = new CsvScanner(sample, d.charCodeAt(0), fileName);
  try {
    while (counts.length < SNIFF_ROWS + 1 && scanner.next()) if (!scanner.blank) counts.push(scanner.count);
  } catch {
    // an unterminated quote inside the sample: judge on the rows read so far
  }
  return counts;
}

const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const TAB = 0x09;
const SPACE = 0x20;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * scannedFieldCounts for the three candidates at once (in CANDIDATES' order), in one pass over the first lines'
 * bytes, when those lines hold no quote and end in LF or CR LF (a field count is then the delimiters + 1, and a
 * line blank when it holds only the delimiter, spaces and, unless the delimiter is a tab, tabs); else null (the
 * scanner decides). Three scanner passes over MaxQuant's first rows took ~10 ms of a cold read. Exported for tests.
 */
export function quickFieldCounts(sample: Uint8Array): number[][] | null {
  const counts: number[][] = [[], [], []];
  const want = SNIFF_ROWS + 1;
  const len = sample.length;
  let p = 0;
  while (p < len && (counts[0]!.length < want || counts[1]!.length < want || counts[2]!.length < want)) {
    let commas = 0;
    let semicolons = 0;
    let tabs = 0;
    let others = 0;
    let i = p;
    for (; i < len; i++) {
      const b = sample[i]!;
      if (b === LF) break;
      if (b === COMMA) commas++;
      else if (b === SEMICOLON) semicolons++;
      else if (b === TAB) tabs++;
      else if (b === QUOTE) return null;
      else if (b === CR) {
        if (i + 1 < len && sample[i + 1] === LF) continue;
        return null;
      } else if (b !== SPACE) others++;
    }
    // (a record: up to the line break, or the sample's last bytes)
    if (others > 0 || semicolons > 0) add(counts[0]!, commas + 1);
    if (others > 0 || commas > 0) add(counts[1]!, semicolons + 1);
    if (others > 0 || commas > 0 || semicolons > 0) add(counts[2]!, tabs + 1);
    p = i + 1;
  }
  return counts;

  function add(list: number[], count: number): void {
    if (list.length < want) list.push(count);
  }
}
