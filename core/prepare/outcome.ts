/** What a preparation step returns: the data after it and the number it reports (rows, features or cells). */
import type { MappedData, StepReport } from '../table/types.js';

export interface StepOutcome {
  data: MappedData;
  count: number;
  /** Further lines for the preparation report, after the step's own (e.g. samples a batch step left out). */
  more?: StepReport[];
}
