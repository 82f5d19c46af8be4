/**
 * The request `skfr cluster FILE` makes with no flag but k and s (which the data request does not hold): the
 * format recognised, its preferred quantity, the header detected, no sample table, nothing kept or switched off,
 * every preparation choice the proposed one, seed 1. The app opens a file with it (core/jobs/datasets.ts
 * proposedLayout), so that the app and the CLI go from a table to its mapping and recipe through one function
 * (resolve.ts resolveRequest).
 * @example resolveRequest(table, defaultRequest()) // what `skfr cluster table.csv --k 3 --s 10` reads and prepares
 */
import { OPTION_SPECS } from '../engine/option-specs.js';
import type { DataRequest } from './types.js';

export function defaultRequest(): DataRequest {
  return {
    layout: {
      format: 'auto',
      quantity: null,
      headerRow: null,
      noHeader: false,
      samplesAsColumns: false,
      sampleColumnsMatch: null,
      featureColumn: null,
      design: null,
      keep: { decoy: false, contaminant: false, 'site-only': false, 'not-master': false },
      zeroIsValue: false,
      prep: {},
      rowsFlags: [],
    },
    mapping: { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, featuresMatch: null, filters: [] },
    classColumn: null,
    seed: OPTION_SPECS.seed.default,
  };
}
