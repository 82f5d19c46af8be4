// @vitest-environment happy-dom
/**
 * The Configure form: impossible values are stopped at their field with a reason quoting the value and the
 * allowed range, Run stays disabled, and a valid form emits exactly the FitSettings of core/jobs.
 */
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { defineComponent, h, ref } from 'vue';
import ConfigureForm from '../../renderer/src/components/ConfigureForm.vue';
import { defaultSettingsForm, validateSettings, type SettingsForm } from '../../renderer/src/lib/settings';
import type { FitSettings } from '../../core/jobs/types';

const size = { n: 1080, p: 77 };

/** The form with its v-model wired, as ConfigureScreen uses it. */
function mountForm(initial: Partial<SettingsForm> = {}) {
  const runs: FitSettings[] = [];
  const Host = defineComponent(() => {
    const form = ref<SettingsForm>({ ...defaultSettingsForm(size), ...initial });
    return () =>
      h(ConfigureForm, {
        modelValue: form.value,
        size,
        'onUpdate:modelValue': (v: SettingsForm) => (form.value = v),
        onRun: (s: FitSettings) => runs.push(s),
      });
  });
  return { wrapper: mount(Host), runs };
}

describe('ConfigureForm', () => {
  it('stops k = 0 and k > n at the field, quoting the value and the range, and disables Run', async () => {
    const { wrapper, runs } = mountForm();
    await wrapper.get('[data-testid=field-k]').setValue('0');
    expect(wrapper.get('[data-testid=error-k]').text()).toBe(
      'k = 0 is not possible: k must be a whole number from 2 to 1080 (the number of samples is 1080).',
    );
    expect(wrapper.get('[data-testid=field-k]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.get('[data-testid=run-button]').attributes('disabled')).toBeDefined();
    await wrapper.get('[data-testid=field-k]').setValue('2000');
    expect(wrapper.get('[data-testid=error-k]').text()).toContain('k = 2000 is not possible');
    await wrapper.get('form').trigger('submit');
    expect(runs).toEqual([]);
  });

  it('stops s outside 1..p and text that is not a whole number', async () => {
    const { wrapper } = mountForm();
    await wrapper.get('[data-testid=field-s]').setValue('78');
    expect(wrapper.get('[data-testid=error-s]').text()).toBe(
      's = 78 is not possible: s must be a whole number from 1 to 77 (the number of features is 77).',
    );
    await wrapper.get('[data-testid=field-s]').setValue('2.5');
    expect(wrapper.get('[data-testid=error-s]').text()).toContain('s = 2.5 is not possible');
    await wrapper.get('[data-testid=field-s]').setValue('');
    expect(wrapper.get('[data-testid=error-s]').text()).toContain('s = (empty) is not possible');
  });

  it('a valid form emits the settings: SKFR1, fixed s, robust off, standardize on', async () => {
    const { wrapper, runs } = mountForm();
    await wrapper.get('[data-testid=field-k]').setValue('8');
    await wrapper.get('[data-testid=field-s]').setValue('24');
    await wrapper.get('[data-testid=field-restarts]').setValue('5');
    await wrapper.get('[data-testid=field-seed]').setValue('42');
    expect(wrapper.find('[data-testid=error-k]').exists()).toBe(false);
    await wrapper.get('form').trigger('submit');
    expect(runs).toEqual([
      { k: 8, s: 24, variant: 'global', loss: 'squared', restarts: 5, seed: 42, maxIterations: 100, standardize: true },
    ]);
  });

  it('SKFR2, robust, no standardizing and "choose s for me" give a tune range instead of s', async () => {
    const { wrapper, runs } = mountForm();
    await wrapper.get('[data-testid=variant-local]').setValue(true);
    await wrapper.get('[data-testid=robust]').setValue(true);
    await wrapper.get('[data-testid=standardize]').setValue(false);
    await wrapper.get('[data-testid=s-mode-tune]').setValue(true);
    expect(wrapper.find('[data-testid=field-s]').exists()).toBe(false);
    await wrapper.get('[data-testid=field-tune-from]').setValue('5');
    await wrapper.get('[data-testid=field-tune-to]').setValue('30');
    await wrapper.get('[data-testid=field-tune-step]').setValue('5');
    await wrapper.get('[data-testid=field-permutations]').setValue('8');
    await wrapper.get('form').trigger('submit');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toEqual({
      k: 3,
      tune: { from: 5, to: 30, step: 5, permutations: 8 },
      variant: 'local',
      loss: 'absolute',
      restarts: 20,
      seed: 1,
      maxIterations: 100,
      standardize: false,
    });
    expect('s' in runs[0]!).toBe(false);
  });

  it('a tuning range that runs backwards is refused at "to"', async () => {
    const { wrapper, runs } = mountForm({ sMode: 'tune' });
    await wrapper.get('[data-testid=field-tune-from]').setValue('20');
    await wrapper.get('[data-testid=field-tune-to]').setValue('10');
    expect(wrapper.get('[data-testid=error-tune-to]').text()).toBe(
      'to = 10 is smaller than from = 20: the range must go from a smaller s to a larger one.',
    );
    await wrapper.get('form').trigger('submit');
    expect(runs).toEqual([]);
  });

  it('each setting has a one-line explanation and a label', () => {
    const { wrapper } = mountForm();
    for (const id of ['k', 's', 'restarts', 'seed', 'max-iterations']) {
      const input = wrapper.get(`#${id}`);
      expect(wrapper.find(`label[for=${id}]`).exists()).toBe(true);
      const help = wrapper.get(`#${input.attributes('aria-describedby')}`);
      expect(help.text().length).toBeGreaterThan(10);
    }
  });
});

describe('validateSettings', () => {
  it('with too few samples explains that k cannot be chosen', () => {
    const out = validateSettings(defaultSettingsForm(), { n: 1, p: 5 });
    expect(out.settings).toBeNull();
    expect(out.errors.k).toBe('k cannot be chosen: at least 2 samples are needed and the mapped data has 1.');
  });

  it('seed and restarts have fixed ranges', () => {
    const out = validateSettings({ ...defaultSettingsForm(), seed: '-1', restarts: '0' }, { n: 10, p: 5 });
    expect(out.errors.seed).toBe('seed = -1 is not possible: seed must be a whole number from 0 to 4294967295.');
    expect(out.errors.restarts).toBe('restarts = 0 is not possible: restarts must be a whole number from 1 to 1000.');
  });

  it('defaults fit the data: s and the tuning range never exceed p', () => {
    const out = validateSettings(defaultSettingsForm({ n: 50, p: 4 }), { n: 50, p: 4 });
    expect(out.errors).toEqual({});
    expect(out.settings?.s).toBe(4);
  });
});
