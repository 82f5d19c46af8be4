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
  for (const d of CANDIDATES) {
    const counts: number[] = [];
    const scanner = new CsvScanner(sample, d.charCodeAt(0), fileName);
    try {
      while (counts.length < SNIFF_ROWS + 1 && scanner.next()) if (!scanner.blank) counts.push(scanner.count);
    } catch {
      // an unterminated quote inside the sample: judge on the rows read so far
    }
    if (truncated && counts.length > 1) counts.pop();
    const width = modalWidth(counts);
    if (width < 2) continue;
    scored.push({ d, width, agree: counts.filter((c) => c === width).length / counts.length });
  }
  const tab = scored.find((x) => x.d === '\t');
  if (preferTab && tab && tab.agree === 1) return '\t';
  scored.sort((a, b) => b.agree - a.agree || b.width - a.width);
  return scored[0]?.d ?? (preferTab ? '\t' : ',');
}
