/** What a preparation step returns: the data after it and the number it reports (rows, features or cells). */
import type { MappedData } from '../table/types.js';

export interface StepOutcome {
  data: MappedData;
  count: number;
}
