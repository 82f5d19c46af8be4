/**
 * Which step is shown and the one banner of the window (errors in the user's terms, with what to do next).
 * A banner never clears data: the last good state of the other stores is kept.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ErrorInfo } from '../../../core/errors';
import { noticeFor, type Notice } from '../lib/advice';

export type Screen = 'start' | 'import' | 'configure' | 'results';

/** What raised the banner, so that a later success of the same kind can clear it. */
export type NoticeSource = 'open' | 'map' | 'run' | 'results' | 'compute';

export const useUiStore = defineStore('ui', () => {
  const screen = ref<Screen>('start');
  const notice = ref<(Notice & { source: NoticeSource }) | null>(null);
  /** A run that ended while another screen was shown: what ran (the "Run finished" notice), until seen. */
  const runFinished = ref<string | null>(null);

  function go(next: Screen): void {
    screen.value = next;
    if (next === 'results') runFinished.value = null;
  }

  /** Says that a run ended (`what`: core/jobs/notice.ts runDescription), with a way to its results. */
  function announceRun(what: string | null): void {
    runFinished.value = what;
  }

  function showError(error: ErrorInfo, source: NoticeSource): void {
    notice.value = { ...noticeFor(error), source };
  }

  /** Clears the banner (all of it, or only when it came from `source`). */
  function dismiss(source?: NoticeSource): void {
    if (source === undefined || notice.value?.source === source) notice.value = null;
  }

  return { screen, notice, runFinished, go, showError, dismiss, announceRun };
});
