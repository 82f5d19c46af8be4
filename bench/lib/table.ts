/**
 * Tables for the benchmark output: the same rows rendered as an aligned plain-text table (terminal)
 * or as GitHub Markdown (results files). Cells are pre-formatted strings; numbers are right-aligned.
 *
 * @example renderTable(['n', 'ARI'], [['400', '1.000']], 'markdown')
 *   // → '| n | ARI |\n| ---: | ---: |\n| 400 | 1.000 |'
 */
export type TableStyle = 'plain' | 'markdown';

const NUMERIC = /^[-+]?[\d.,]+(e[-+]?\d+)?[×%s*]?$|^[-–]$/i;

export function renderTable(header: readonly string[], rows: readonly (readonly string[])[], style: TableStyle): string {
  const right = header.map((_, c) => rows.length > 0 && rows.every((r) => NUMERIC.test(r[c] ?? '')));
  if (style === 'markdown') {
    const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
    const rule = right.map((r) => (r ? '---:' : '---'));
    return [line(header), line(rule), ...rows.map(line)].join('\n');
  }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const pad = (cells: readonly string[]) =>
    cells.map((cell, c) => (right[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd();
  return [pad(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(pad)].join('\n');
}

/** Fixed decimals, '–' for NaN/undefined. @example fixed(0.12345, 3) // → '0.123' */
export function fixed(value: number | undefined, digits: number): string {
  return value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits);
}

/** Seconds with 3 significant-ish decimals: 0.0123 → '0.012', 12.3 → '12.30'. */
export function seconds(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return value >= 10 ? value.toFixed(2) : value >= 0.01 ? value.toFixed(3) : value.toFixed(4);
}

/** Bytes as MB. @example megabytes(1_048_576) // → '1' */
export function megabytes(bytes: number): string {
  return Math.round(bytes / 1_048_576).toString();
}
