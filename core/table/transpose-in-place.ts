/**
 * Transpose a row-major R × C block of a Float64Array in place, into the C × R row-major block at the same
 * place, with scratch memory of about 2·B·min(R, C) values (B ≤ 512) instead of a second R × C array.
 *
 * Element (a, b), at a·C + b before, is at b·R + a after. Moving each element along the cycles of that
 * permutation (k ↦ k·R mod (R·C − 1)) touches memory at random and takes ~3.6 s for 1000 × 100 000 here.
 * Instead the longer side is cut into panels of B. Along the columns: m = ⌊C / B⌋ panels of B columns (and a
 * remainder of C − m·B < B):
 *   1. the remainder columns go to scratch and the rows close up to width m·B (forward copies);
 *   2. the R × m matrix of B-value pieces is transposed by cycle following, moving B contiguous values per
 *      step (visited pieces kept in a bitset of R·m bits), so that each panel, an R × B block, is contiguous;
 *   3. each panel is transposed through scratch into the B × R rows it becomes;
 *   4. the remainder comes back from scratch as the last C − m·B rows.
 * Along the rows (R much larger than C, where panels of columns would be narrow: the scratch holds R·B values),
 * the same steps undone in reverse order, which is the transposition of the C × R result back: the last R − m·B
 * rows go to scratch, each B × C panel of rows is transposed through scratch into C × B, the m × C matrix of
 * B-value pieces is transposed by cycle following into C × m, and the C rows open up to width R, the remainder
 * filled in from scratch.
 * 1000 × 100 000 takes ~0.45 s (B = 512; 0.91 s with B = 64: fewer, longer pieces hop less through memory in
 * step 2). With B = 1 it is plain cycle following. 50 000 × 200: ~40 ms along the rows (B = 512), ~280 ms
 * along the columns (B = 10, the scratch limit).
 *
 * @example
 *   const x = Float64Array.of(1, 2, 3, 4, 5, 6); // 2 × 3: [1 2 3; 4 5 6]
 *   transposeInPlace(x, 2, 3); // x = [1, 4, 2, 5, 3, 6]: 3 × 2 [1 4; 2 5; 3 6]
 */

/** Scratch limit per buffer (values): R·B (panels of columns) or B·C (of rows) stays below this unless B = 1. */
const SCRATCH_VALUES = 1 << 19;

/**
 * Panel width along the columns: 512 columns, fewer when R is large (scratch: at most 4 MB a buffer) or C is
 * small (the remainder would dominate); along the rows, panelWidth(C, R). Measured 2026-11-24 (200 × 50 000,
 * 1000 × 20 000, 200 × 100 000): 1.6–1.7× quicker than 64, no quicker beyond 512.
 */
export function panelWidth(rows: number, cols: number): number {
  return Math.max(1, Math.min(512, Math.floor(cols / 16), Math.floor(SCRATCH_VALUES / rows)));
}

/** How the block is cut: panels of `width` columns or rows. */
export interface Panels {
  along: 'columns' | 'rows';
  width: number;
}

/** Panels along the side where they can be wider (along the columns when equal). */
export function choosePanels(rows: number, cols: number): Panels {
  const columns = panelWidth(rows, cols);
  const byRows = panelWidth(cols, rows);
  return byRows > columns ? { along: 'rows', width: byRows } : { along: 'columns', width: columns };
}

/**
 * Transpose the R × C block `data[0, R·C)` in place (see the module comment). `panels` is for tests (default
 * choosePanels). Values past R·C are not touched.
 */
export function transposeInPlace(data: Float64Array, rows: number, cols: number, panels: Panels = choosePanels(rows, cols)): void {
  if (!(Number.isInteger(rows) && Number.isInteger(cols) && rows >= 0 && cols >= 0) || rows * cols > data.length) {
    throw new RangeError(`transposeInPlace: ${rows} × ${cols} does not fit in ${data.length} values.`);
  }
  if (rows <= 1 || cols <= 1) return; // a row or a column reads the same either way
  if (panels.along === 'columns') byColumnPanels(data, rows, cols, Math.max(1, Math.min(Math.floor(panels.width), cols)));
  else byRowPanels(data, rows, cols, Math.max(1, Math.min(Math.floor(panels.width), rows)));
}

function byColumnPanels(data: Float64Array, rows: number, cols: number, B: number): void {
  const m = Math.floor(cols / B);
  const width = m * B;
  const rem = cols - width;

  // 1. Remainder columns to scratch (R × rem, row-major); rows closed up to width m·B.
  const tail = rem > 0 ? new Float64Array(rows * rem) : null;
  if (tail !== null) {
    for (let a = 0; a < rows; a++) {
      for (let r = 0, src = a * cols + width, dst = a * rem; r < rem; r++) tail[dst + r] = data[src + r]!;
    }
    for (let a = 1; a < rows; a++) data.copyWithin(a * width, a * cols, a * cols + width);
  }

  // 2. R × m pieces of B values → m × R: destination piece d = b·R + a takes source piece a·m + b.
  movePieces(data, rows, m, B);

  // 3. Each R × B panel (contiguous now) → B × R.
  if (B > 1) {
    const scratch = new Float64Array(rows * B);
    for (let t = 0; t < m; t++) transposeBlock(data, t * rows * B, rows, B, scratch);
  }

  // 4. The remainder columns become the last rows.
  if (tail !== null) {
    const base = width * rows;
    for (let r = 0; r < rem; r++) {
      for (let a = 0, dst = base + r * rows; a < rows; a++) data[dst + a] = tail[a * rem + r]!;
    }
  }
}

function byRowPanels(data: Float64Array, rows: number, cols: number, B: number): void {
  const m = Math.floor(rows / B);
  const height = m * B;
  const rem = rows - height;

  // 1. The last rows (rem × C, contiguous) to scratch.
  const tail = rem > 0 ? data.slice(height * cols, rows * cols) : null;

  // 2. Each B × C panel of rows → C × B.
  if (B > 1) {
    const scratch = new Float64Array(B * cols);
    for (let t = 0; t < m; t++) transposeBlock(data, t * B * cols, B, cols, scratch);
  }

  // 3. m × C pieces of B values → C × m: row c of the result, without its last rem values, is contiguous.
  movePieces(data, m, cols, B);

  // 4. Rows opened up to width R, from the last (each moves up, onto places already moved from); the remainder
  //    rows of the source fill their ends.
  for (let c = cols - 1; c > 0; c--) data.copyWithin(c * rows, c * height, c * height + height);
  if (tail !== null) {
    for (let c = 0; c < cols; c++) {
      for (let r = 0, dst = c * rows + height; r < rem; r++) data[dst + r] = tail[r * cols + c]!;
    }
  }
}

/**
 * The contiguous r × c block at `base` → c × r at the same place, through `scratch` (≥ r·c values): four rows
 * at a time, each step writing four values side by side (200 × 512 panels of a 200 × 50 000 block: ~15 ms in
 * all instead of ~24 ms a row at a time), then the rows left.
 */
function transposeBlock(data: Float64Array, base: number, r: number, c: number, scratch: Float64Array): void {
  let a = 0;
  for (; a + 4 <= r; a += 4) {
    const s0 = base + a * c;
    const s1 = s0 + c;
    const s2 = s1 + c;
    const s3 = s2 + c;
    for (let b = 0, d = a; b < c; b++, d += r) {
      scratch[d] = data[s0 + b]!;
      scratch[d + 1] = data[s1 + b]!;
      scratch[d + 2] = data[s2 + b]!;
      scratch[d + 3] = data[s3 + b]!;
    }
  }
  for (; a < r; a++) {
    for (let b = 0, src = base + a * c; b < c; b++) scratch[b * r + a] = data[src + b]!;
  }
  data.set(scratch.subarray(0, r * c), base);
}

/** Transpose an R × M matrix whose entries are runs of B values, by cycle following. */
function movePieces(data: Float64Array, R: number, M: number, B: number): void {
  const count = R * M;
  if (R <= 1 || M <= 1) return;
  const visited = new Uint32Array(Math.ceil(count / 32));
  const held = new Float64Array(B);
  const isVisited = (d: number) => {
    const w = Math.floor(d / 32);
    return (visited[w]! & (1 << (d - w * 32))) !== 0;
  };
  const mark = (d: number) => {
    const w = Math.floor(d / 32);
    visited[w] = visited[w]! | (1 << (d - w * 32));
  };
  // Pieces 0 and count − 1 stay where they are.
  for (let start = 1; start < count - 1; start++) {
    if (isVisited(start)) continue;
    held.set(data.subarray(start * B, start * B + B));
    let d = start;
    for (;;) {
      mark(d);
      const b = Math.floor(d / R);
      const s = (d - b * R) * M + b;
      if (s === start) {
        data.set(held, d * B);
        break;
      }
      data.copyWithin(d * B, s * B, s * B + B);
      d = s;
    }
  }
}
