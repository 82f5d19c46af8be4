/**
 * The warning about the text cells of a column read as numbers (a feature, a sample column): they are missing
 * values, and the user reads which. Lab tokens (cells.ts LAB_TOKENS: "n.d.", "<LOD", …) are counted by token,
 * other text is quoted with its place (at most 5 cells, each clipped to 40 characters).
 * Example: cells “n.d.” ×24 and “x” at line 7 of column “B2” →
 * `Column “B2” has 24 cells marked not measured (“n.d.” ×24) and text in 1 cell (line 7 “x”); all are treated as missing.`
 */
import { isLabToken } from './cells.js';
import type { TableWarning } from './types.js';

export function textCellsWarning(
  what: string,
  cells: readonly { row: number; text: string }[],
  where: (row: number) => string,
): TableWarning | null {
  if (cells.length === 0) return null;
  const tokens = new Map<string, number>();
  const other: { row: number; text: string }[] = [];
  for (const cell of cells) {
    const t = cell.text.trim();
    if (isLabToken(t)) tokens.set(t, (tokens.get(t) ?? 0) + 1);
    else other.push(cell);
  }
  const parts: string[] = [];
  const labCount = cells.length - other.length;
  if (labCount > 0) {
    const counted = [...tokens].sort((a, b) => b[1] - a[1]).map(([t, n]) => `“${t}” ×${n}`).join(', ');
    parts.push(`${labCount} cell${labCount === 1 ? '' : 's'} marked not measured (${counted})`);
  }
  if (other.length > 0) {
    // A cell's text is shown clipped (a 10 MB run of digits is one cell).
    const shown = other
      .slice(0, 5)
      .map((b) => `${where(b.row)} “${b.text.length > 40 ? `${b.text.slice(0, 30)}… (${b.text.length} characters)` : b.text}”`)
      .join(', ');
    const more = other.length > 5 ? ` and ${other.length - 5} more` : '';
    parts.push(`text in ${other.length} cell${other.length === 1 ? '' : 's'} (${shown}${more})`);
  }
  const tail = parts.length === 2 ? 'all are treated as missing' : labCount > 0 ? 'read as missing values' : 'treated as missing';
  return { code: 'text-in-feature', message: `${what} has ${parts.join(' and ')}; ${tail}.` };
}
