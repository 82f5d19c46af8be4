/**
 * Issue 14: one declaration of every analysis option (core/engine/option-specs.ts), and four consumers that must
 * agree with it. For each whole-number option this probes, at its limits, what each consumer actually does:
 * - `skfr cluster --help` prints the range (parsed back from CLUSTER_HELP, the text `skfr cluster --help` prints),
 *   and `skfr cluster` parsing accepts min and max and refuses min − 1 and max + 1 (limits that depend on the data
 *   are the analysis', below);
 * - the IPC schema (fitSettingsSchema) accepts min and max and refuses min − 1 and max + 1; a limit that depends
 *   on the data is left to the engine (the schema accepts beyond it, the engine refuses with the option's code);
 * - the Configure form (validateSettings, LIMITS) accepts min and max and refuses beyond (its displayed ranges
 *   are checked on the mounted form in test/renderer/option-limits.test.ts);
 * - the engine's checks (validateFitOptions, tuneSparsity, tuneClusters, checkKValues, resolveStability,
 *   sparsityGrid, runAnalysis) accept min and max and refuse beyond, with the option's error code.
 * Any consumer with a limit of its own fails here.
 */
import { describe, expect, it } from 'vitest';
import { runAnalysis, settingsFromOptions, sparsityGrid } from '../../core/analysis.js';
import { SkfrError } from '../../core/errors.js';
import {
  checkKValues,
  fromRows,
  resolveStability,
  tuneClusters,
  tuneSparsity,
  validateFitOptions,
  type Matrix,
} from '../../core/engine/index.js';
import { OPTION_SPECS, type IntSpec, type OptionName } from '../../core/engine/option-specs.js';
import { fitSettingsSchema } from '../../core/jobs/schema.js';
import type { FitSettings } from '../../core/jobs/types.js';
import type { MappedData } from '../../core/table/types.js';
import { CLUSTER_HELP, planCluster } from '../../cli/commands/cluster-options.js';
import { defaultSettingsForm, LIMITS, validateSettings, type SettingsField, type SettingsForm } from '../../renderer/src/lib/settings.js';
import { S_RULE_ORDER } from '../../renderer/src/lib/rules.js';

type IntName = { [K in OptionName]: (typeof OPTION_SPECS)[K] extends IntSpec ? K : never }[OptionName];
const INT_NAMES = (Object.keys(OPTION_SPECS) as OptionName[]).filter((name): name is IntName => OPTION_SPECS[name].kind === 'int');
const spec = (name: IntName): IntSpec => OPTION_SPECS[name];

/** What each data bound is, written out here rather than taken from option-specs.ts. */
const BOUND = {
  samples: { help: 'samples', of: (size: { n: number }) => size.n },
  'samples-1': { help: 'samples − 1', of: (size: { n: number }) => size.n - 1 },
  features: { help: 'features', of: (size: { p: number }) => size.p },
  width: { help: 'TO − FROM', of: (size: { width: number }) => Math.max(1, size.width) },
} as const;

function maxFor(s: IntSpec, size: { n: number; p: number; width: number }): number {
  return typeof s.max === 'number' ? s.max : BOUND[s.max].of(size);
}

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof SkfrError) return error.code;
    throw error;
  }
}

// ---- skfr cluster --help ------------------------------------------------------------------------------------------

/** The help text of `--flag`, its lines joined. */
function helpOf(flag: string): string {
  const lines = CLUSTER_HELP.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`  --${flag} `));
  expect(start, `--${flag} in skfr cluster --help`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && /^ {2}--/.test(line));
  return lines.slice(start, end).join(' ').replace(/\s+/g, ' ');
}

/** The range "min ≤ PLACEHOLDER ≤ max" printed for an option. */
function helpRange(s: IntSpec): { min: number; max: string } {
  const escaped = s.placeholder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(\\d+) ≤ ${escaped} ≤ (samples − 1|samples|features|TO − FROM|\\d+)`).exec(helpOf(s.flag));
  expect(match, `a range for ${s.placeholder} in the help of --${s.flag}`).not.toBeNull();
  return { min: Number(match![1]), max: match![2]! };
}

// ---- skfr cluster parsing ------------------------------------------------------------------------------------------

/** skfr cluster arguments setting the option to v (the other options valid). */
const CLI_ARGS: Record<IntName, (v: number) => string[]> = {
  k: (v) => ['--k', String(v), '--s', '2'],
  s: (v) => ['--k', '3', '--s', String(v)],
  kRange: (v) => ['--tune-k', `${v}:${v + 3}`, '--s', '2'],
  sRange: (v) => ['--k', '3', '--tune-s', `${v}:${v + 3}`],
  sStep: (v) => ['--k', '3', '--tune-s', `1:5:${v}`],
  permutations: (v) => ['--k', '3', '--tune-s', '1:5', '--permutations', String(v)],
  subsamples: (v) => ['--k', '3', '--s', '2', '--stability', String(v)],
  restarts: (v) => ['--k', '3', '--s', '2', '--restarts', String(v)],
  maxIterations: (v) => ['--k', '3', '--s', '2', '--max-iter', String(v)],
  seed: (v) => ['--k', '3', '--s', '2', '--seed', String(v)],
};
/** The width of the s range CLI_ARGS.sStep gives (1:5). */
const CLI_WIDTH = 4;
const cliCode = (name: IntName, v: number) => codeOf(() => planCluster(['data.csv', ...CLI_ARGS[name](v)]));

// ---- IPC schema ----------------------------------------------------------------------------------------------------

const BASE: FitSettings = settingsFromOptions({ k: 3, s: 2 });
const { s: _s, ...BASE_TUNED } = BASE;
const SCHEMA_SETTINGS: Record<IntName, (v: number) => unknown> = {
  k: (v) => ({ ...BASE, k: v }),
  s: (v) => ({ ...BASE, s: v }),
  kRange: (v) => ({ ...BASE, tuneK: { from: v, to: v } }),
  sRange: (v) => ({ ...BASE_TUNED, tune: { from: v, to: v } }),
  sStep: (v) => ({ ...BASE_TUNED, tune: { from: 1, to: 5, step: v } }),
  permutations: (v) => ({ ...BASE_TUNED, tune: { from: 1, to: 5, permutations: v }, tuneK: { from: 2, to: 4, permutations: v } }),
  subsamples: (v) => ({ ...BASE, stability: { subsamples: v } }),
  restarts: (v) => ({ ...BASE, restarts: v }),
  maxIterations: (v) => ({ ...BASE, maxIterations: v }),
  seed: (v) => ({ ...BASE, seed: v }),
};
const schemaAccepts = (name: IntName, v: number) => fitSettingsSchema.safeParse(SCHEMA_SETTINGS[name](v)).success;

// ---- Configure form ------------------------------------------------------------------------------------------------

const FORM_SIZE = { n: 30, p: 12 };
/** The form's field(s) for an option and the form with that field set to v. */
const FORM: Record<IntName, { fields: SettingsField[]; form: (field: SettingsField, v: number) => Partial<SettingsForm>; width?: number }> = {
  k: { fields: ['k'], form: (_f, v) => ({ k: String(v) }) },
  s: { fields: ['s'], form: (_f, v) => ({ s: String(v) }) },
  kRange: { fields: ['kFrom', 'kTo'], form: (field, v) => ({ kMode: 'tune', kFrom: field === 'kFrom' ? String(v) : '2', kTo: field === 'kTo' ? String(v) : String(FORM_SIZE.n - 1) }) },
  sRange: { fields: ['tuneFrom', 'tuneTo'], form: (field, v) => ({ sMode: 'tune', tuneFrom: field === 'tuneFrom' ? String(v) : '1', tuneTo: field === 'tuneTo' ? String(v) : String(FORM_SIZE.p) }) },
  sStep: { fields: ['tuneStep'], form: (_f, v) => ({ sMode: 'tune', tuneFrom: '2', tuneTo: '9', tuneStep: String(v) }), width: 7 },
  permutations: { fields: ['permutations'], form: (_f, v) => ({ sMode: 'tune', permutations: String(v) }) },
  subsamples: { fields: ['subsamples'], form: (_f, v) => ({ stability: true, subsamples: String(v) }) },
  restarts: { fields: ['restarts'], form: (_f, v) => ({ restarts: String(v) }) },
  maxIterations: { fields: ['maxIterations'], form: (_f, v) => ({ maxIterations: String(v) }) },
  seed: { fields: ['seed'], form: (_f, v) => ({ seed: String(v) }) },
};
function formError(name: IntName, field: SettingsField, v: number): string | undefined {
  const form = { ...defaultSettingsForm(FORM_SIZE), ...FORM[name].form(field, v) };
  return validateSettings(form, FORM_SIZE).errors[field];
}

// ---- engine --------------------------------------------------------------------------------------------------------

// 6 samples × 3 features, two groups.
const X: Matrix = fromRows([[0, 1, 5], [1, 0, 5], [0, 0, 4], [9, 8, 0], [8, 9, 1], [9, 9, 0]]);
const ENGINE_SIZE = { n: X.rows, p: X.cols };
const mapped: MappedData = {
  matrix: X,
  sampleIds: ['a', 'b', 'c', 'd', 'e', 'f'],
  featureNames: ['F1', 'F2', 'F3'],
  annotations: {},
  rowIndices: Int32Array.from([0, 1, 2, 3, 4, 5]),
  missingCells: 0,
  warnings: [],
};
const tiny = { restarts: 1, tuneRestarts: 1, maxIterations: 20, seed: 1 };
/** The engine's checks of an option, each run at v (cheap: tiny data, one restart). */
const ENGINE: Record<IntName, { width?: number; runs: ((v: number) => unknown)[] }> = {
  k: { runs: [(v) => validateFitOptions(X.rows, X.cols, { k: v, s: 1 })] },
  s: { runs: [(v) => validateFitOptions(X.rows, X.cols, { k: 2, s: v }), (v) => tuneSparsity(X, { k: 2, sValues: [v], permutations: 1, ...tiny })] },
  kRange: {
    runs: [
      (v) => checkKValues([v], X.rows),
      (v) => tuneClusters(X, { s: 1, kValues: [v], permutations: 1, ...tiny }),
      (v) => runAnalysis(mapped, settingsFromOptions({ k: 2, s: 2, ...tiny, tuneK: { from: v, to: v, permutations: 1 } })),
    ],
  },
  sRange: { runs: [(v) => sparsityGrid({ from: v, to: v }, X.cols)] },
  sStep: { width: 2, runs: [(v) => sparsityGrid({ from: 1, to: 3, step: v }, X.cols)] },
  permutations: {
    runs: [
      (v) => tuneSparsity(X, { k: 2, sValues: [1], permutations: v, ...tiny }),
      (v) => tuneClusters(X, { s: 1, kValues: [2], permutations: v, ...tiny }),
      (v) => runAnalysis(mapped, settingsFromOptions({ k: 2, ...tiny, tune: { from: 1, to: 1, permutations: v } })),
    ],
  },
  subsamples: { runs: [(v) => resolveStability(X.rows, 2, { subsamples: v })] },
  restarts: { runs: [(v) => validateFitOptions(X.rows, X.cols, { k: 2, s: 1, restarts: v }), (v) => tuneSparsity(X, { k: 2, sValues: [1], permutations: 1, ...tiny, tuneRestarts: v })] },
  maxIterations: { runs: [(v) => validateFitOptions(X.rows, X.cols, { k: 2, s: 1, maxIterations: v })] },
  seed: { runs: [(v) => validateFitOptions(X.rows, X.cols, { k: 2, s: 1, seed: v })] },
};

describe('every whole-number option has the same limits in the engine, the IPC schema, skfr cluster and the form', () => {
  it('covers every whole-number option of the declaration', () => {
    expect(INT_NAMES.sort()).toEqual(Object.keys(CLI_ARGS).sort());
  });

  for (const name of INT_NAMES) {
    const s = spec(name);
    describe(`${name} (${s.min} … ${String(s.max)})`, () => {
      it('skfr cluster --help prints its range', () => {
        const printed = helpRange(s);
        expect(printed.min).toBe(s.min);
        expect(printed.max).toBe(typeof s.max === 'number' ? String(s.max) : BOUND[s.max].help);
      });

      it('skfr cluster accepts min and max and refuses beyond, with the option’s code', () => {
        expect(cliCode(name, s.min)).toBeNull();
        expect(cliCode(name, s.min - 1)).toBe(s.code);
        if (typeof s.max === 'number') {
          expect(cliCode(name, s.max)).toBeNull();
          expect(cliCode(name, s.max + 1)).toBe(s.code);
        } else if (s.max === 'width') {
          expect(cliCode(name, CLI_WIDTH)).toBeNull();
          expect(cliCode(name, CLI_WIDTH + 1)).toBe(s.code);
        }
      });

      it('the IPC schema accepts min and max and refuses beyond (limits that depend on the data: the engine’s)', () => {
        if (typeof s.max === 'number') {
          expect(schemaAccepts(name, s.min)).toBe(true);
          expect(schemaAccepts(name, s.max)).toBe(true);
          expect(schemaAccepts(name, s.min - 1)).toBe(false);
          expect(schemaAccepts(name, s.max + 1)).toBe(false);
        } else {
          expect(schemaAccepts(name, s.min)).toBe(true);
          expect(schemaAccepts(name, s.min - 1)).toBe(true);
          expect(schemaAccepts(name, 1e6)).toBe(true);
        }
        expect(schemaAccepts(name, s.min + 0.5)).toBe(false);
      });

      it('the Configure form accepts min and max and refuses beyond', () => {
        const { fields, width = 0 } = FORM[name];
        const max = maxFor(s, { ...FORM_SIZE, width });
        // (Accepted: no limit message; "to k = 2 is not above from k = 2", the form's own rule that a range of k
        // holds two values at least, is not a limit.)
        for (const field of fields) {
          expect(formError(name, field, s.min) ?? '', `${field} = ${s.min}`).not.toMatch(/is not possible/);
          expect(formError(name, field, max) ?? '', `${field} = ${max}`).not.toMatch(/is not possible/);
          expect(formError(name, field, s.min - 1), `${field} = ${s.min - 1}`).toMatch(/is not possible/);
          expect(formError(name, field, max + 1), `${field} = ${max + 1}`).toMatch(/is not possible/);
        }
        if (typeof s.max === 'number') expect(LIMITS[name as keyof typeof LIMITS]).toMatchObject({ min: s.min, max: s.max });
      });

      it('the engine accepts min and max and refuses beyond, with the option’s code', () => {
        const { runs, width = 0 } = ENGINE[name];
        const max = maxFor(s, { ...ENGINE_SIZE, width });
        runs.forEach((run, t) => {
          expect(codeOf(() => run(s.min)), `check ${t + 1} at ${s.min}`).toBeNull();
          expect(codeOf(() => run(max)), `check ${t + 1} at ${max}`).toBeNull();
          expect(codeOf(() => run(s.min - 1)), `check ${t + 1} at ${s.min - 1}`).toBe(s.code);
          expect(codeOf(() => run(max + 1)), `check ${t + 1} at ${max + 1}`).toBe(s.code);
        });
      });
    });
  }
});

describe('choices and defaults are the declaration’s everywhere', () => {
  const choices = { variant: OPTION_SPECS.variant, loss: OPTION_SPECS.loss, sRule: OPTION_SPECS.sRule } as const;

  it('the IPC schema, skfr cluster and the engine accept exactly the declared values', () => {
    const shape = fitSettingsSchema.shape;
    const enumOf = (field: 'variant' | 'loss' | 'sRule') => {
      const schema = field === 'sRule' ? shape.sRule.unwrap() : shape[field];
      return schema.options;
    };
    for (const [field, declared] of Object.entries(choices) as [keyof typeof choices, (typeof choices)[keyof typeof choices]][]) {
      expect(enumOf(field), field).toEqual(declared.values);
      for (const value of declared.values) {
        const extra = field === 'sRule' ? ['--tune-s', '1:5'] : [];
        expect(codeOf(() => planCluster(['data.csv', '--k', '3', ...(extra.length ? extra : ['--s', '2']), `--${declared.flag}`, value])), value).toBeNull();
      }
      expect(codeOf(() => planCluster(['data.csv', '--k', '3', '--s', '2', `--${declared.flag}`, 'neither']))).toBe('invalid-option');
    }
    for (const variant of OPTION_SPECS.variant.values) expect(validateFitOptions(6, 3, { k: 2, s: 1, variant }).variant).toBe(variant);
    for (const loss of OPTION_SPECS.loss.values) expect(validateFitOptions(6, 3, { k: 2, s: 1, loss }).loss).toBe(loss);
    expect(codeOf(() => validateFitOptions(6, 3, { k: 2, s: 1, loss: 'huber' as never }))).toBe('invalid-option');
    expect(S_RULE_ORDER).toEqual(OPTION_SPECS.sRule.values);
  });

  it('the engine, skfr cluster and the form start from the declared defaults', () => {
    const { variant, loss, restarts, seed, maxIterations, scale, permutations, sStep } = OPTION_SPECS;
    const declared = { variant: variant.default, loss: loss.default, restarts: restarts.default, seed: seed.default, maxIterations: maxIterations.default };
    expect(validateFitOptions(6, 3, { k: 2, s: 1 })).toMatchObject({ ...declared, scale: scale.default });
    const plan = planCluster(['data.csv', '--k', '3', '--tune-s', '1:5'])!;
    expect(plan.settings).toMatchObject({ ...declared, tune: { step: sStep.default, permutations: permutations.default } });
    // The scale is a recipe step (its default proposed from the data); --no-standardize is --scale none.
    expect(planCluster(['data.csv', '--k', '3', '--s', '2', '--no-standardize'])!.layout.prep.scale).toBe('none');
    expect(planCluster(['data.csv', '--k', '3', '--s', '2', '--scale', 'unit-variance'])!.layout.prep.scale).toBe('unit-variance');
    expect(planCluster(['data.csv', '--k', '3', '--s', '2'])!.layout.prep.scale).toBeUndefined();
    const form = defaultSettingsForm(FORM_SIZE);
    expect(form).toMatchObject({
      variant: variant.default,
      robust: loss.default === 'absolute',
      restarts: String(restarts.default),
      seed: String(seed.default),
      maxIterations: String(maxIterations.default),
      permutations: String(permutations.default),
      tuneStep: String(sStep.default),
      sRule: OPTION_SPECS.sRule.default,
      subsamples: String(OPTION_SPECS.subsamples.default),
    });
    for (const [flag, value] of [['restarts', restarts.default], ['seed', seed.default], ['max-iter', maxIterations.default], ['permutations', permutations.default]] as const) {
      expect(helpOf(flag), `--${flag}`).toContain(`default ${value}`);
    }
  });
});
