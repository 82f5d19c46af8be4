/**
 * A page cache over a table that lives in the compute host: rows are fetched in fixed pages (a `rows` job
 * each) only when they are scrolled into view, kept for a while (least recently used dropped first), and
 * each page is asked for once even when the grid asks again before it arrives.
 *
 * Row r lives in page ⌊r / pageSize⌋; a window [start, end) needs pages ⌊start / size⌋ … ⌊(end − 1) / size⌋.
 * Rows given up front (the open result's first 100) are served without a request.
 *
 * @example
 * const pages = createRowPages({ rowCount: 100_000, pageSize: 200, load: (start, count) => fetchRows(start, count), onLoad: redraw });
 * pages.request(99_990, 100_000); // one request: rows 99 800 … 99 999
 * pages.row(99_999);              // undefined until it arrives, then the cells
 */
export type Cell = string | number | null;

export interface RowPagesOptions {
  rowCount: number;
  /** Rows per request (default 200; the host allows at most 1000). */
  pageSize?: number;
  /** Pages kept (default 40: 8 000 rows at 200 a page). */
  maxPages?: number;
  /** Rows 0 … initial.length − 1, known without asking. */
  initial?: readonly Cell[][];
  /** Fetches rows [start, start + count); null when it failed (the page is asked for again next time). */
  load(start: number, count: number): Promise<Cell[][] | null>;
  /** Called after a page arrived. */
  onLoad?(): void;
}

export interface RowPages {
  /** The cells of row r, or undefined while its page is not loaded. */
  row(r: number): Cell[] | undefined;
  /** Fetches the pages of rows [start, end) that are neither cached nor on their way. */
  request(start: number, end: number): void;
  /** Requests made so far (for tests and diagnostics). */
  readonly requests: number;
  /** Stops delivering pages (the grid was unmounted or shows another table). */
  dispose(): void;
}

export function createRowPages(options: RowPagesOptions): RowPages {
  const pageSize = options.pageSize ?? 200;
  const maxPages = options.maxPages ?? 40;
  const initial = options.initial ?? [];
  const pages = new Map<number, Cell[][]>();
  const pending = new Set<number>();
  let requests = 0;
  let disposed = false;

  function touch(p: number, rows: Cell[][]): void {
    pages.delete(p);
    pages.set(p, rows);
  }

  async function fetchPage(p: number): Promise<void> {
    pending.add(p);
    requests += 1;
    const start = p * pageSize;
    const count = Math.min(pageSize, options.rowCount - start);
    let rows: Cell[][] | null = null;
    try {
      rows = await options.load(start, count);
    } catch {
      rows = null;
    }
    pending.delete(p);
    if (disposed || rows === null) return;
    touch(p, rows);
    while (pages.size > maxPages) pages.delete(pages.keys().next().value!);
    options.onLoad?.();
  }

  return {
    row(r) {
      if (r < initial.length) return initial[r];
      const p = Math.floor(r / pageSize);
      return pages.get(p)?.[r - p * pageSize];
    },
    request(start, end) {
      const from = Math.max(start, initial.length);
      const to = Math.min(end, options.rowCount);
      if (disposed || from >= to) return;
      for (let p = Math.floor(from / pageSize); p <= Math.floor((to - 1) / pageSize); p++) {
        const cached = pages.get(p);
        if (cached) touch(p, cached);
        else if (!pending.has(p)) void fetchPage(p);
      }
    },
    get requests() {
      return requests;
    },
    dispose() {
      disposed = true;
      pages.clear();
    },
  };
}
