/**
 * Perseus' "filter rows based on valid values": keep a feature when it has enough observed (valid) values in
 * total, in each group, or in at least one group of a sample annotation (e.g. the design's condition).
 *
 * The threshold of a set of m samples is `count` when given, else ⌈percent/100 · m⌉. Samples whose group is
 * missing count in 'total' only. Example: 6 samples in groups A A A B B B, 70 % → 3 of 3 needed per group
 * (⌈2.1⌉ = 3); a feature observed in A A A and one B passes 'any' and fails 'each'; with 70 % total (⌈4.2⌉ = 5)
 * it fails (4 values).
 */
import { SkfrError } from '../errors.js';
import type { MappedData, MinValidStep } from '../table/types.js';
import type { StepOutcome } from './outcome.js';
import { keepFeatures } from './keep-features.js';

export function threshold(step: Pick<MinValidStep, 'count' | 'percent'>, m: number): number {
  if (step.count !== null) return step.count;
  return Math.ceil(((step.percent ?? 0) / 100) * m - 1e-9);
}

/** The groups of `column` as sample index lists, in first-seen order; samples with no value are left out. */
export function groupsOf(values: readonly (string | null)[]): { name: string; samples: number[] }[] {
  const groups = new Map<string, number[]>();
  values.forEach((v, i) => {
    if (v === null || v.trim() === '') return;
    const g = groups.get(v) ?? [];
    g.push(i);
    groups.set(v, g);
  });
  return [...groups].map(([name, samples]) => ({ name, samples }));
}

export function describeMinValid(step: MinValidStep): string {
  const amount = step.count !== null ? `${step.count} value${step.count === 1 ? '' : 's'}` : `${step.percent} % values`;
  const where = step.scope === 'total' || step.group === null ? 'in total' : step.scope === 'each' ? `in each ${step.group}` : `in at least one ${step.group}`;
  return `Features with fewer than ${amount} ${where} removed`;
}

export function minValid(data: MappedData, step: MinValidStep): StepOutcome {
  if (step.count === null && step.percent === null) {
    throw new SkfrError('invalid-option', 'The valid-value filter needs a number of values or a percentage.');
  }
  const { rows: n, cols: p, data: x } = data.matrix;
  const scope = step.group === null ? 'total' : step.scope;
  let groups: { name: string; samples: number[] }[] = [{ name: 'all', samples: Array.from({ length: n }, (_, i) => i) }];
  if (scope !== 'total') {
    const values = data.annotations[step.group!];
    if (!values) {
      throw new SkfrError(
        'unknown-column',
        `The valid-value filter groups samples by “${step.group}”, but the samples have no such annotation; annotations: ${Object.keys(data.annotations).map((a) => `“${a}”`).join(', ') || 'none'}.`,
      );
    }
    groups = groupsOf(values);
    if (groups.length === 0) throw new SkfrError('invalid-option', `No sample has a value in “${step.group}”, so the valid-value filter has no groups.`);
    if (groups.every((g) => g.samples.length === 1)) {
      throw new SkfrError(
        'invalid-option',
        `Every group of “${step.group}” holds one sample, so a per-group valid-value filter means nothing; filter in total instead, or group by another annotation.`,
      );
    }
  }
  const needed = groups.map((g) => threshold(step, g.samples.length));
  const keep = new Uint8Array(p);
  for (let l = 0; l < p; l++) {
    let passed = 0;
    for (let g = 0; g < groups.length; g++) {
      let valid = 0;
      for (const i of groups[g]!.samples) if (x[i * p + l] === x[i * p + l]) valid++;
      if (valid >= needed[g]!) passed++;
    }
    keep[l] = (scope === 'each' || scope === 'total' ? passed === groups.length : passed > 0) ? 1 : 0;
  }
  let removed = 0;
  for (let l = 0; l < p; l++) if (!keep[l]) removed++;
  if (removed === p) {
    throw new SkfrError(
      'no-numeric-features',
      `${describeMinValid(step)} leaves no feature (of ${p}); ask for fewer values.`,
    );
  }
  return { data: keepFeatures(data, keep), count: removed };
}
