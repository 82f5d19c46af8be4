/**
 * The Configure step and the running job: the settings form (validated against the mapped n × p), the class
 * column used for comparison (any sample annotation: a table column or a column of the attached sample table),
 * the preparation recipe sent with the fit, and one fit job at a time with its latest progress, start time and cancel.
 * An impute step of the recipe draws from the run's seed: it follows the seed field as it changes.
 * `refit` runs a plain fit at another rule's s (or k) of the tuned fit shown on Results: the same data, recipe,
 * class column and settings (stability included), s set, nothing chosen; the tuned curves stay shown.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { Progress } from '../../../core/engine/types';
import { runDescription } from '../../../core/jobs/notice';
import type { FitRequest, FitSettings } from '../../../core/jobs/types';
import { settingsForm } from '../lib/session';
import { getApi } from '../bridge/api';
import { plain } from '../lib/plain';
import { withImputeSeed } from '../lib/prepare-steps';
import { defaultKRange, defaultSettingsForm, LIMITS, parseWhole, refitSettings, validateSettings, type SettingsForm } from '../lib/settings';
import { useDatasetStore } from './dataset';
import { useResultsStore, type TuningSource } from './results';
import { useUiStore } from './ui';

export interface RunningJob {
  jobId: string;
  startedAt: number;
  cancelling: boolean;
}

/** Annotation names that usually hold the known groups. */
const CLASS_NAMES = /^(class|classes|group|label|labels|type|condition|diagnosis)$/i;

export const useAnalysisStore = defineStore('analysis', () => {
  const dataset = useDatasetStore();
  const form = ref<SettingsForm>(defaultSettingsForm());
  const classColumn = ref<string | null>(null);
  const running = ref<RunningJob | null>(null);
  const progress = shallowRef<Progress | null>(null);

  const validated = computed(() => validateSettings(form.value, dataset.size ?? { n: 0, p: 0 }));
  const canRun = computed(() => dataset.size !== null && validated.value.settings !== null && running.value === null);
  /** The seed as typed, when it is a valid one (null otherwise). */
  const seed = computed(() => {
    const v = parseWhole(form.value.seed);
    return v !== null && v >= LIMITS.seed.min && v <= LIMITS.seed.max ? v : null;
  });

  // The down-shifted normal of the preparation is drawn from the run's seed.
  watch(seed, (value) => {
    if (value === null) return;
    const next = withImputeSeed(dataset.recipe, value);
    if (next !== dataset.recipe) dataset.setRecipe(next);
  });

  // A new table: defaults sized to it, and a class column guessed from the annotations.
  watch(
    () => dataset.generation,
    () => {
      if (dataset.generation === restoredFor) return; // a saved analysis's table: its recorded settings stay
      form.value = { ...defaultSettingsForm(), variant: form.value.variant };
      classColumn.value = null;
      classChosen = false;
    },
  );
  let sizedFor = -1;
  /** The table generation whose settings came from a saved analysis (restore), not from the defaults. */
  let restoredFor = -1;
  /** The user picked the class column (or "none") themselves: stop guessing it. */
  let classChosen = false;
  watch(
    () => dataset.mapResult,
    (map) => {
      if (!map) return;
      const annotations = dataset.annotationNames;
      if (classColumn.value !== null && !annotations.includes(classColumn.value)) classColumn.value = null;
      if (classColumn.value === null && !classChosen) classColumn.value = annotations.find((a) => CLASS_NAMES.test(a)) ?? null;
      if (sizedFor !== dataset.generation) {
        sizedFor = dataset.generation;
        // First mapping of this table: size s and the tuning range to p, k to the known classes when there are some.
        const sized = defaultSettingsForm({ n: map.n, p: map.p });
        const classes = classCount(classColumn.value);
        const kRange = defaultKRange(map.n);
        form.value = {
          ...form.value,
          s: sized.s,
          tuneTo: sized.tuneTo,
          kFrom: String(kRange.from),
          kTo: String(kRange.to),
          k: classes >= 2 && classes <= map.n ? String(classes) : form.value.k,
        };
      }
    },
    { immediate: true },
  );

  /** Distinct known classes in an annotation (a table column, or a sample-table column). */
  function classCount(name: string | null): number {
    if (name === null) return 0;
    const values = dataset.mapResult?.annotationValues?.[name];
    if (values) return values.length;
    return dataset.columns.find((c) => c.name === name)?.distinctCount ?? 0;
  }

  async function run(): Promise<void> {
    const settings = validated.value.settings;
    const current = dataset.opened;
    if (!settings || !current || running.value) return;
    await submit({
      type: 'fit',
      datasetId: current.datasetId,
      mapping: plain(dataset.mapping),
      recipe: plain(withImputeSeed(dataset.recipe, settings.seed)),
      settings: plain(settings),
      classColumn: classColumn.value,
    }, null);
  }

  /**
   * A plain fit at `at.s` (and `at.k`, default the fit's k) with everything else as the request of the tuned fit
   * on the Results screen; `rule` names the rule whose choice it is. Nothing happens without such a fit or while
   * a job runs.
   */
  async function refit(at: { s?: number; k?: number }, rule: string | null = null): Promise<void> {
    const results = useResultsStore();
    const shown = results.fit;
    const source = results.tuning;
    const request = results.request;
    if (!shown || !source || !request || running.value) return;
    const settings = refitSettings(request.settings, { s: at.s ?? shown.s, k: at.k ?? shown.k });
    await submit({ ...request, settings: plain(settings) }, { view: source.view, rule, param: at.s !== undefined ? 's' : 'k' });
  }

  async function submit(request: FitRequest, from: TuningSource | null): Promise<void> {
    const ui = useUiStore();
    const results = useResultsStore();
    progress.value = null;
    const handle = getApi().run(request, (p) => {
      progress.value = p;
    });
    running.value = { jobId: handle.jobId, startedAt: Date.now(), cancelling: false };
    ui.dismiss('run');
    const response = await handle.response;
    running.value = null;
    if (response.ok) {
      results.setFit(response.result, { request, from });
      // Still where the run started: its results. Elsewhere (Start, Import): a notice, and the screen stays.
      if (ui.screen === 'configure' || ui.screen === 'results') ui.go('results');
      else ui.announceRun(runDescription({ ...response.result, settings: request.settings }));
    } else {
      ui.showError(response.error, 'run');
    }
  }

  /** Issue 16: the recorded settings and class column of a saved analysis, for the table just adopted for it. */
  function restore(settings: FitSettings, column: string | null): void {
    restoredFor = dataset.generation;
    sizedFor = dataset.generation;
    form.value = settingsForm(settings, defaultSettingsForm());
    classColumn.value = column;
    classChosen = true;
  }

  function chooseClass(column: string | null): void {
    classChosen = true;
    classColumn.value = column;
  }

  function cancel(): void {
    if (!running.value || running.value.cancelling) return;
    running.value = { ...running.value, cancelling: true };
    getApi().cancel(running.value.jobId);
  }

  return { form, classColumn, running, progress, validated, canRun, seed, run, refit, cancel, chooseClass, restore, runRequest: (request: FitRequest) => submit(request, null) };
});
