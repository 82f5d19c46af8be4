// @vitest-environment happy-dom
/**
 * Issue 14: the ranges the Configure form shows beside its fields are those of the one declaration
 * (core/engine/option-specs.ts) that the engine, the IPC schema and `skfr cluster` read too. What the form
 * accepts at those limits is checked in test/engine/option-specs.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import ConfigureForm from '../../renderer/src/components/ConfigureForm.vue';
import { defaultSettingsForm, type SettingsForm } from '../../renderer/src/lib/settings';
import { OPTION_SPECS, type IntSpec } from '../../core/engine/option-specs';

const size = { n: 1080, p: 77 };

/** "min–max" for data of `size`, the data bounds written out here rather than taken from option-specs.ts. */
function range(spec: IntSpec): string {
  const bounds = { samples: size.n, 'samples-1': size.n - 1, features: size.p, width: NaN } as const;
  return `${spec.min}–${typeof spec.max === 'number' ? spec.max : bounds[spec.max]}`;
}

function helpTexts(form: Partial<SettingsForm>): (id: string) => string {
  const wrapper = mount(ConfigureForm, { props: { modelValue: { ...defaultSettingsForm(size), ...form }, size } });
  return (id) => wrapper.get(`#${id}-help`).text();
}

describe('the Configure form shows the declared limits', () => {
  it('a plain fit: k, s, restarts, seed and iterations', () => {
    const help = helpTexts({});
    expect(help('k')).toContain(`(${range(OPTION_SPECS.k)})`);
    expect(help('s')).toContain(`(${range(OPTION_SPECS.s)})`);
    expect(help('restarts')).toContain(`(${range(OPTION_SPECS.restarts)})`);
    expect(help('seed')).toContain(`(${range(OPTION_SPECS.seed)})`);
    expect(help('max-iterations')).toContain(`(${range(OPTION_SPECS.maxIterations)})`);
  });

  it('choosing s and k, with stability: the ranges of k and s, permutations and subsample fits', () => {
    const help = helpTexts({ sMode: 'tune', kMode: 'tune', stability: true });
    const [kMin, kMax] = range(OPTION_SPECS.kRange).split('–');
    const [sMin, sMax] = range(OPTION_SPECS.sRange).split('–');
    expect(help('k-from')).toContain(`(${kMin}–${kMax})`);
    expect(help('k-to')).toContain(`up to ${kMax}`);
    expect(help('tune-from')).toContain(`(${sMin}–${sMax})`);
    expect(help('tune-to')).toContain(`up to ${sMax}`);
    expect(help('permutations')).toContain(`(${range(OPTION_SPECS.permutations)})`);
    expect(help('subsamples')).toContain(`${range(OPTION_SPECS.subsamples)} (default ${OPTION_SPECS.subsamples.default}`);
  });
});
