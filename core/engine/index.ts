/** Public entry of the SKFR engine. */
export * from './types.js';
export { fit, fitPrepared, finishFit, pickBest } from './fit.js';
export { prepareFit, type PreparedFit } from './prepare.js';
export { runRestart, runRestartPath, warmStart, restartSeed, type RestartResult, type RestartStart } from './restart.js';
export { validateFitOptions, FIT_DEFAULTS } from './options.js';
export { standardize, columnStats, type Standardized, type ColumnStats } from './standardize.js';
export { kmeansPlusPlus } from './seeding.js';
export { createRng, deriveSeed, type Rng } from './random.js';
export { createMatrix, fromRows, selectColumns } from './matrix.js';
export { assembleTune, logObjective, pathLogO, restartPathSummary, type PathSummary } from './gap.js';
export { tuneSparsity, permuteColumns, resolveTuneRestarts, DEFAULT_PERMUTATIONS, DEFAULT_TUNE_RESTARTS } from './tuning.js';
export {
  adjustedRandIndex,
  normalizedMutualInfo,
  contingency,
  mixedNodes,
  falsePositiveRate,
  falseNegativeRate,
  type Labels,
} from './metrics.js';
export { simulate } from './simulate.js';
export { pcaProjection, type Projection } from './projection.js';
