/**
 * Work arrays that one restart needs and the next restart on the same data can reuse: the pruning bounds
 * (n × k), the selected-column copy (n × s), and a few of length n. A fit runs many restarts (the gap
 * statistic thousands), and these arrays live outside the JS heap, where V8 collects them only after tens
 * of MB have piled up: at 10 000 × 200 with 10 restarts, that garbage was as large as the matrix.
 *
 * A restart runs synchronously, so one thread never has two on the same data at once, and one set of
 * arrays per data array is enough (keyed weakly: the set goes with the data). Each array handed out is
 * filled first (with 0 unless told otherwise), so a restart sees exactly what a fresh allocation would
 * give it, and results are the same bit for bit. Nothing taken from here may outlive the restart.
 *
 * @example
 *   const work = restartScratch(prep.data);
 *   const lower = work.float64('lower', n * k); // zeros, reused by the next restart on prep.data
 */
export class RestartScratch {
  private readonly float64s = new Map<string, Float64Array>();
  private readonly int32s = new Map<string, Int32Array>();
  private readonly labelArrays = new Map<string, Labels>();
  private spare: Labels | null = null;

  /** The slot's array of `length` values, each set to `fill`. */
  float64(slot: string, length: number, fill = 0): Float64Array {
    return take(this.float64s, slot, length, (size) => new Float64Array(size)).fill(fill);
  }

  /**
   * The slot's array, if it holds exactly `length` values, handed over for good: the scratch forgets it (the
   * next restart on the data makes a new one), so it may outlive the restart. Its values are the last
   * restart's: the taker overwrites them. Null when the slot is empty or of another length.
   * @example const distances = work.handOver('seeding.dist', n) ?? new Float64Array(n);
   */
  handOver(slot: string, length: number): Float64Array | null {
    const array = this.float64s.get(slot);
    if (array === undefined || array.length !== length) return null;
    this.float64s.delete(slot);
    return array;
  }

  /** The slot's `length` labels (labels.ts labelArray: the width for k), each 0. */
  labels(slot: string, length: number, k: number): Labels {
    const width = labelArray(0, k).constructor.name;
    return take(this.labelArrays, `${slot}:${width}`, length, (size) => labelArray(size, k)).fill(0);
  }

  /**
   * `length` zero labels for a restart's seeding, handed over for good (they become the restart's result): the
   * labels a beaten restart gave back (giveBack) when they are of this length and k's width, else new ones. A fit
   * keeps only its best restart's labels (fit.ts BestRestarts); reusing a beaten restart's instead of leaving them
   * to the collector keeps one array fewer at the peak (20 MB at 20 million samples, issue 26).
   */
  restartLabels(length: number, k: number): Labels {
    const spare = this.spare;
    this.spare = null;
    const fresh = labelArray(0, k);
    if (spare !== null && spare.length === length && spare.constructor === fresh.constructor) return spare.fill(0);
    return labelArray(length, k);
  }

  /** Labels that nothing holds any more (a beaten restart's), for the next restartLabels. */
  giveBack(labels: Labels): void {
    this.spare = labels;
  }

  /**
   * Lets go of the label arrays (the spare and the assignment's new labels): called when a fit finishes, so that
   * what follows it (the outputs: `--json` of 20 million samples) does not sit beside 2n bytes that only the
   * next fit's restarts would use; that fit makes them again, once.
   */
  releaseLabels(): void {
    this.spare = null;
    this.labelArrays.clear();
  }

  /** The slot's array of `length` values, each set to `fill`. */
  int32(slot: string, length: number, fill = 0): Int32Array {
    return take(this.int32s, slot, length, (size) => new Int32Array(size)).fill(fill);
  }
}

function take<T extends Float64Array | Labels>(slots: Map<string, T>, slot: string, length: number, create: (size: number) => T): T {
  let array = slots.get(slot);
  if (array === undefined || array.length < length) {
    array = create(length);
    slots.set(slot, array);
  }
  return (array.length === length ? array : array.subarray(0, length)) as T;
}

import { labelArray, type Labels } from './labels.js';

const byData = new WeakMap<Float64Array, RestartScratch>();

/** The work arrays of restarts on `data` (the prepared, standardised matrix). */
export function restartScratch(data: Float64Array): RestartScratch {
  let scratch = byData.get(data);
  if (scratch === undefined) {
    scratch = new RestartScratch();
    byData.set(data, scratch);
  }
  return scratch;
}
