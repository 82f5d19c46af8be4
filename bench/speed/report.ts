/** Rendering of the speed grid: the main table, the speed-up table and the goal line. */
import { fixed, renderTable, seconds, type TableStyle } from '../lib/table.js';
import type { GridRow, SpeedUp } from './grid.js';

export const GRID_HEADER = [
  'n', 'p', 'k', 's', 'method', 'restarts', 'seeding s', 'fitting s', 'iterations', 'ms/iteration', 'ARI',
] as const;

export function gridCells(row: GridRow): string[] {
  return [
    String(row.n),
    String(row.p),
    String(row.k),
    String(row.s),
    row.mode,
    String(row.restarts),
    seconds(row.seedingSeconds),
    seconds(row.fittingSeconds),
    row.converged ? String(row.iterations) : `${row.iterations}*`,
    fixed(row.msPerIteration, 2),
    fixed(row.ari, 3),
  ];
}

export function renderGrid(rows: readonly GridRow[], style: TableStyle): string {
  return renderTable(GRID_HEADER, rows.map(gridCells), style);
}

export const SPEEDUP_HEADER = ['n', 'p', 'SKFR1 vs dense, per iteration', 'SKFR1 vs dense, seeding+fitting'] as const;

export function renderSpeedUps(ups: readonly SpeedUp[], style: TableStyle): string {
  return renderTable(
    SPEEDUP_HEADER,
    ups.map((u) => [String(u.n), String(u.p), `${fixed(u.perIteration, 1)}×`, `${fixed(u.endToEnd, 1)}×`]),
    style,
  );
}
