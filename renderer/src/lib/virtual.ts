/**
 * The window of a virtualised list: which items of fixed size intersect the viewport, plus `overscan` on
 * each side. Item i occupies [i·size, (i+1)·size).
 *
 * @example visibleRange(260, 300, 26, 100000, 2) // { start: 8, end: 24 }  (items 10..21 visible, ±2)
 */
export function visibleRange(offset: number, viewport: number, size: number, count: number, overscan: number): { start: number; end: number } {
  if (count <= 0 || size <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, offset) / size);
  const last = Math.ceil((Math.max(0, offset) + Math.max(0, viewport)) / size);
  return { start: Math.max(0, Math.min(count, first - overscan)), end: Math.min(count, last + overscan) };
}
