/** Public entry of the SKFR engine. */
export * from './types.js';
export { BestRestarts, fit, fitPrepared, finishFit, pickBest, restartsOn } from './fit.js';
export { prepareFit, type PreparedFit } from './prepare.js';
export { runRestart, runRestartPath, warmStart, restartSeed, type RestartResult, type RestartStart } from './restart.js';
export { startFrom, warmFit, type Partition } from './warm.js';
export { validateFitOptions, FIT_DEFAULTS } from './options.js';
export { OPTION_SPECS, checkInt, inRange, maxWords, rangeText, upperBound, type DataBound, type IntSpec, type OptionName } from './option-specs.js';
export { standardize, centre, columnStats, type Standardized, type ColumnStats } from './standardize.js';
export { kmeansPlusPlus } from './seeding.js';
export { createRng, deriveSeed, type Rng } from './random.js';
export { createMatrix, fromRows, selectColumns } from './matrix.js';
export {
  assembleTune,
  logObjective,
  pathLogO,
  restartPathSummary,
  type PathSummary,
  argMaxRule,
  tibshiraniRule,
  withinSdOfMaxRule,
  kneeRule,
  kneeSeRule,
  applySRule,
  chooseS,
  sFlags,
  S_RULES,
  DEFAULT_S_RULE,
  type GapLike,
} from './gap.js';
export {
  tuneSparsity,
  permuteColumns,
  resolveTuneRestarts,
  defaultSparsityGrid,
  refineGrid,
  mergeCurves,
  DEFAULT_GRID_POINTS,
  DEFAULT_PERMUTATIONS,
  DEFAULT_TUNE_RESTARTS,
} from './tuning.js';
export {
  tuneClusters,
  chooseK,
  assembleKCurve,
  bestLogW,
  checkKValues,
  alternateKS,
  DEFAULT_K_RULE,
  K_RULES,
  type AlternateOptions,
  type AlternateResult,
} from './k-tuning.js';
export { silhouette, selectedData, SILHOUETTE_MAX_SAMPLES, type SilhouetteOptions } from './silhouette.js';
export {
  stabilitySelection,
  subsampleFit,
  subsampleRows,
  takeRows,
  assembleStability,
  resolveStability,
  stabilityProgress,
  DEFAULT_SUBSAMPLES,
  DEFAULT_SUBSAMPLE_FRACTION,
  MAX_SUBSAMPLES,
  type SubsampleSummary,
} from './stability.js';
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
export { pcaProjection, pcaProjectionAsync, type Projection, type ProjectionOptions } from './projection.js';
