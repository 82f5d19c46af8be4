/**
 * The two Mappings with nothing chosen, one for each orientation: what a guess or a proposal fills in, what a
 * test names only the fields it checks against. Every field is written out, in the order Mapping declares them,
 * so a mapping saved to a session reads the same whoever made it.
 *
 * @example emptyColumnsMapping({ sampleColumns: ['S1', 'S2'] }).sampleNames // 'clean'
 */
import type { Mapping } from './types.js';

/** Samples are rows, nothing chosen (row numbers as ids, every numeric column a feature); `extra` chooses. */
export function emptyRowsMapping(extra: Partial<Mapping> = {}): Mapping {
  return {
    orientation: 'samples-as-rows',
    idColumn: null,
    annotationColumns: [],
    featureColumns: null,
    featuresMatch: null,
    filters: [],
    maxMissingFraction: null,
    ...extra,
  };
}

/** Samples are columns, none chosen yet, clean sample names, no sample table; `extra` chooses. */
export function emptyColumnsMapping(extra: Partial<Mapping> = {}): Mapping {
  return {
    ...emptyRowsMapping(),
    orientation: 'samples-as-columns',
    sampleColumns: [],
    sampleColumnsMatch: null,
    featureLabelColumns: [],
    featureAnnotationColumns: [],
    sampleNames: 'clean',
    design: null,
    ...extra,
  };
}
