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

  it('a valid form emits the settings: SKFR1, fixed s, robust off (the scale is a preparation step, not a setting)', async () => {
    const { wrapper, runs } = mountForm();
    await wrapper.get('[data-testid=field-k]').setValue('8');
    await wrapper.get('[data-testid=field-s]').setValue('24');
    await wrapper.get('[data-testid=field-restarts]').setValue('5');
    await wrapper.get('[data-testid=field-seed]').setValue('42');
    expect(wrapper.find('[data-testid=error-k]').exists()).toBe(false);
    await wrapper.get('form').trigger('submit');
    expect(runs).toEqual([
      { k: 8, s: 24, variant: 'global', loss: 'squared', restarts: 5, seed: 42, maxIterations: 100 },
    ]);
  });

  it('SKFR2, robust and "choose s for me" give a tune range instead of s', async () => {
    const { wrapper, runs } = mountForm();
    await wrapper.get('[data-testid=variant-local]').setValue(true);
    await wrapper.get('[data-testid=robust]').setValue(true);
    expect(wrapper.find('[data-testid=standardize]').exists()).toBe(false);
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
      sRule: 'knee-se',
      variant: 'local',
      loss: 'absolute',
      restarts: 20,
      seed: 1,
      maxIterations: 100,
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

  it('"choose s for me" defaults to the whole range 1..p with knee-se, and lists every rule with one line', async () => {
    const { wrapper, runs } = mountForm();
    await wrapper.get('[data-testid=s-mode-tune]').setValue(true);
    expect((wrapper.get('[data-testid=field-tune-from]').element as HTMLInputElement).value).toBe('1');
    expect((wrapper.get('[data-testid=field-tune-to]').element as HTMLInputElement).value).toBe('77');
    expect(wrapper.get('#tune-to-help').text()).toBe('Largest s to try (up to 77, every feature).');
    const rules = wrapper.findAll('[data-testid=s-rule] label');
    expect(rules.map((r) => r.find('b').text())).toEqual(['knee-se (recommended)', 'tibshirani', 'argmax', 'within-sd-of-max', 'knee']);
    for (const r of rules) expect(r.find('.explain').text().length).toBeGreaterThan(20);
    expect((wrapper.get('[data-testid=s-rule-knee-se]').element as HTMLInputElement).checked).toBe(true);
    await wrapper.get('[data-testid=s-rule-argmax]').setValue(true);
    await wrapper.get('form').trigger('submit');
    expect(runs[0]).toMatchObject({ tune: { from: 1, to: 77, step: 1, permutations: 10 }, sRule: 'argmax' });
  });

  it('"choose k for me" shows a k range (2..15 by default) and sends tuneK', async () => {
    const { wrapper, runs } = mountForm();
    await wrapper.get('[data-testid=k-mode-tune]').setValue(true);
    // s is fixed: the k field itself is not asked.
    expect(wrapper.find('[data-testid=field-k]').exists()).toBe(false);
    expect((wrapper.get('[data-testid=field-k-from]').element as HTMLInputElement).value).toBe('2');
    expect((wrapper.get('[data-testid=field-k-to]').element as HTMLInputElement).value).toBe('15');
    expect(wrapper.get('#k-to-help').text()).toBe('Largest k to try (up to 1079, the samples less one).');
    await wrapper.get('[data-testid=field-permutations]').setValue('5');
    await wrapper.get('form').trigger('submit');
    expect(runs[0]).toMatchObject({ k: 2, s: 10, tuneK: { from: 2, to: 15, permutations: 5 } });
    // With s chosen too, k is where the search starts.
    await wrapper.get('[data-testid=s-mode-tune]').setValue(true);
    expect(wrapper.get('label[for=k]').text()).toBe('Starting k');
  });

  it('the stability switch shows B with its limits and sends it; B outside 2–1000 stops Run', async () => {
    const { wrapper, runs } = mountForm();
    expect(wrapper.find('[data-testid=field-subsamples]').exists()).toBe(false);
    await wrapper.get('[data-testid=stability]').setValue(true);
    expect((wrapper.get('[data-testid=field-subsamples]').element as HTMLInputElement).value).toBe('50');
    expect(wrapper.get('#subsamples-help').text()).toContain('2–1000 (default 50; 20–200 is typical)');
    expect(wrapper.get('[data-testid=stability-switch]').text()).toContain('80 % of the samples (864 of 1080)');
    await wrapper.get('[data-testid=field-subsamples]').setValue('1001');
    expect(wrapper.get('[data-testid=error-subsamples]').text()).toBe('subsample fits = 1001 is not possible: subsample fits must be a whole number from 2 to 1000.');
    expect(wrapper.get('[data-testid=run-button]').attributes('disabled')).toBeDefined();
    await wrapper.get('[data-testid=field-subsamples]').setValue('20');
    await wrapper.get('form').trigger('submit');
    expect(runs[0]).toMatchObject({ s: 10, stability: { subsamples: 20 } });
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
    expect(out.errors.restarts).toBe('restarts = 0 is not possible: restarts must be a whole number from 1 to 10000.');
  });

  it('defaults fit the data: s and the tuning range never exceed p', () => {
    const out = validateSettings(defaultSettingsForm({ n: 50, p: 4 }), { n: 50, p: 4 });
    expect(out.errors).toEqual({});
    expect(out.settings?.s).toBe(4);
  });
});
