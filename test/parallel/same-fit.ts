/**
 * The check every pool test makes: a fit from a pool (worker threads or Web Workers) is the single-threaded
 * fit, bit for bit — labels, objective, every restart, the selection, the centers, distances, iterations.
 */
import { expect } from 'vitest';
import type { FitResult } from '../../core/engine/types.js';

export function expectSameFit(expected: FitResult, actual: FitResult): void {
  expect(Array.from(actual.labels)).toEqual(Array.from(expected.labels));
  expect(actual.objective).toBe(expected.objective);
  expect(actual.restartObjectives).toEqual(expected.restartObjectives);
  expect(actual.bestRestart).toBe(expected.bestRestart);
  expect(Array.from(actual.selectedFeatures)).toEqual(Array.from(expected.selectedFeatures));
  expect(Array.from(actual.centers)).toEqual(Array.from(expected.centers));
  expect(Array.from(actual.distances)).toEqual(Array.from(expected.distances));
  expect(actual.iterations).toBe(expected.iterations);
  expect(actual.imputedCells).toBe(expected.imputedCells);
}
