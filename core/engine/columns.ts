/**
 * A row-major copy of the currently selected columns (the union of the kept features), so that the
 * O(n·s·k) assignment reads s contiguous values per sample instead of s scattered ones — at large n the
 * scattered reads are cache misses that cost more than the arithmetic. The copy is rebuilt only when the
 * selected set changes (typically in the first few iterations). When the union is more than half of the
 * features (e.g. s = p) no copy is made and the full matrix is read in place.
 */
import { ROWS_PER_CHECK, throwIfAborted } from './abort.js';
import type { RestartScratch } from './scratch.js';
import type { AbortSignalLike } from './types.js';

const CHECK_MASK = ROWS_PER_CHECK - 1;

export class SelectedColumns {
  /** Matrix read by the assignment: the compact copy, or the full data. */
  source: Float64Array;
  /** Row stride of `source`. */
  stride: number;
  private readonly compact: boolean;
  /** Position of feature l in the compact copy, −1 when not held. */
  private readonly colPos: Int32Array;
  private readonly cols: Int32Array;
  private count = -1;
  private readonly mark: Uint8Array;

  constructor(
    private readonly data: Float64Array,
    private readonly n: number,
    private readonly p: number,
    capacity: number,
    /** Take the copy's n × capacity block from a restart's scratch (every value read is written first). */
    work?: RestartScratch,
  ) {
    this.compact = capacity * 2 <= p;
    this.colPos = new Int32Array(p).fill(-1);
    this.cols = new Int32Array(this.compact ? capacity : 0);
    this.mark = new Uint8Array(p);
    const size = n * capacity;
    this.source = this.compact ? (work ? work.float64('columns', size) : new Float64Array(size)) : data;
    this.stride = this.compact ? capacity : p;
  }

  /**
   * Hold exactly the features listed in `selected` (any order, repeats allowed) and write into `pos` the
   * column of each entry in `source`.
   */
  update(selected: Int32Array, pos: Int32Array, signal?: AbortSignalLike): void {
    if (!this.compact) {
      pos.set(selected);
      return;
    }
    const { mark, cols, colPos, p } = this;
    for (const l of selected) mark[l] = 1;
    let u = 0;
    let same = true;
    for (let l = 0; l < p; l++) {
      if (mark[l] === 1) {
        if (u >= this.count || cols[u] !== l) same = false;
        u++;
      }
    }
    same &&= u === this.count;
    if (!same) this.rebuild(signal);
    for (const l of selected) mark[l] = 0;
    for (let t = 0; t < selected.length; t++) pos[t] = colPos[selected[t]!]!;
  }

  /** Re-copy the marked columns (kept out of `update` so its common path is optimised on its own). */
  private rebuild(signal?: AbortSignalLike): void {
    const { mark, cols, colPos, p, n, data } = this;
    for (let a = 0; a < this.count; a++) colPos[cols[a]!] = -1;
    let u = 0;
    for (let l = 0; l < p; l++) {
      if (mark[l] === 1) {
        colPos[l] = u;
        cols[u++] = l;
      }
    }
    this.count = u;
    const stride = this.stride;
    const out = this.source;
    for (let i = 0; i < n; i++) {
      if ((i & CHECK_MASK) === 0) throwIfAborted(signal);
      const from = i * p;
      const to = i * stride;
      for (let a = 0; a < u; a++) out[to + a] = data[from + cols[a]!]!;
    }
  }

  /** Keep the copy in step with a changed cell (k-POD fills). */
  set(i: number, l: number, value: number): void {
    if (this.compact) {
      const a = this.colPos[l]!;
      if (a >= 0) this.source[i * this.stride + a] = value;
    }
  }
}
