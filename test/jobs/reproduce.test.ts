/**
 * Issue 11's "a UI session, then that command": the jobs session (what the app's screens run) opens the MaxQuant
 * file and its experimental design as the browser build does (bytes), fits with the recognised mapping and the
 * proposed recipe (log2, 70 % valid values grouped by the design's condition), and its FitView.command, run
 * through the built `skfr` from the data folder, gives the same labels, protein list and recipe. The app's
 * exports carry the same: imputed cells flagged, the command and the warnings in the report's Summary.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli } from '../cli/built-cli.js';
import { createSession } from '../../core/jobs/session.js';
import type { JobResponse } from '../../core/jobs/types.js';
import { withGroup } from '../../core/prepare/propose.js';
import { shellQuote } from '../../core/report/command.js';
import { sampleTableOf } from '../../core/jobs/design.js';
import { parseTable } from '../../core/table/index.js';
import { toCsv } from '../../core/table/write-csv.js';
import type { CliJson } from '../cli/helpers.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const realDir = resolve(repoRoot, '..', 'shared', 'data', 'real');
const bin = join(repoRoot, 'cli', 'bin', 'skfr.js');
const bytesOf = (name: string) => new Uint8Array(readFileSync(join(realDir, name)));

function ok<T extends JobResponse>(r: T): Extract<T, { ok: true }>['result'] {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.result as Extract<T, { ok: true }>['result'];
}

beforeAll(ensureBuiltCli, 180_000);

describe('a session on MaxQuant + design, then its reproduce command through the CLI', () => {
  it('gives identical labels, proteins and recipe', async () => {
    const session = createSession();
    const file = 'maxquant_lfq_proteinGroups.txt';
    const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: file, bytes: bytesOf(file) } }));
    // Proposed on opening: log2 (raw intensities), 70 % valid values in at least one group of the names (H, L, N),
    // centred only.
    expect(opened.layout.recipe.steps.map((s) => s.kind)).toEqual(['remove-flagged', 'remove-flagged', 'remove-flagged', 'zeros-missing', 'transform', 'min-valid', 'scale']);
    expect(opened.layout.recipe.steps.find((s) => s.kind === 'min-valid')).toMatchObject({ scope: 'any', group: 'group (from names)' });
    expect(opened.layout.recipe.steps.at(-1)).toEqual({ kind: 'scale', method: 'pareto', reason: 'values are log2 intensities on one scale' });
    const d = ok(await session.runJob({
      type: 'design',
      source: { kind: 'bytes', fileName: 'maxquant_lfq_experimental_design.txt', bytes: bytesOf('maxquant_lfq_experimental_design.txt') },
    }));
    const mapping = { ...opened.layout.mapping, design: d.table };
    // With the design attached, the filter is grouped by its condition (what the screen proposes then).
    const recipe = withGroup(opened.layout.recipe, 'condition');
    expect(recipe.steps.find((s) => s.kind === 'min-valid')).toEqual({ kind: 'min-valid', count: null, percent: 70, scope: 'any', group: 'condition' });
    const settings = { k: 3, s: 10, variant: 'global' as const, loss: 'squared' as const, restarts: 10, seed: 11, maxIterations: 100 };
    const view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping, recipe, settings, classColumn: 'condition' }));
    expect(view.metrics).not.toBeNull();
    expect(view.command).toBe(
      `skfr cluster ${file} --format maxquant --quantity 'LFQ intensity' --samples-as-columns --design maxquant_lfq_experimental_design.txt ` +
        '--class-column condition --floor none --transform log2 --min-valid 70%:any:condition --normalize none --impute kpod --scale pareto ' +
        '--k 3 --s 10 --variant global --loss squared --restarts 10 --seed 11 --max-iter 100',
    );

    // The command, from the folder holding the file and its design, through a real shell.
    const line = `${shellQuote(process.execPath)} ${shellQuote(bin)} ${view.command.slice('skfr '.length)} --json`;
    const cli = spawnSync('/bin/sh', ['-c', line], { cwd: realDir, encoding: 'utf8', timeout: 280_000 });
    expect(cli.status, cli.stderr).toBe(0);
    const out = JSON.parse(cli.stdout) as CliJson;
    expect(out.sampleIds).toEqual(view.sampleIds);
    expect(out.labels).toEqual(Array.from(view.clusters));
    expect(out.selectedFeatures).toEqual(view.selected.map((l) => view.featureNames[l]));
    expect(out.featureLabels).toEqual(view.featureNames);
    // The recipe the CLI flags build is the one the session ran; the preparation counted alike.
    expect(out.recipe).toEqual(recipe);
    expect(out.preparation).toEqual(view.preparation);
    expect(out.warnings).toEqual(view.warnings);
    expect(out.metrics.ari).toBeCloseTo(view.metrics!.ari, 12);

    // The app's exports: imputed (missing before the fit) cells flagged; the command and warnings in the report.
    const samples = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'samples', format: 'xlsx' }));
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(samples.bytes!, { type: 'array' }).Sheets.Samples!, { header: 1 });
    expect(rows[0]!.slice(-2)).toEqual(['imputed cells', 'imputed features']);
    expect(rows.slice(1).reduce((sum, row) => sum + Number(row[rows[0]!.length - 2]), 0)).toBe(view.imputedCells);
    const report = ok(await session.runJob({ type: 'export', fitId: view.fitId, what: 'report', format: 'xlsx' }));
    const summary = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(report.bytes!, { type: 'array' }).Sheets.Summary!, { header: 1 });
    expect(summary.find((row) => row[0] === 'reproduce with')?.[1]).toBe(view.command);
    expect(summary.filter((row) => String(row[0]).startsWith('result warning')).map((row) => row[1])).toEqual(view.warnings.map((w) => w.message));
    expect(summary.some((row) => row[0] === 'preparation: Values log2-transformed')).toBe(true);
    // The scale step and its reason, in the Summary as in the recipe; every protein on the Features sheet.
    expect(summary.some((row) => row[0] === 'preparation: Features centred and Pareto-scaled (values are log2 intensities on one scale)')).toBe(true);
    const features = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(report.bytes!, { type: 'array' }).Sheets.Features!, { header: 1 });
    expect(features).toHaveLength(1 + view.p);
    expect(features.slice(1).filter((row) => row[features[0]!.indexOf('selected')] === 'yes')).toHaveLength(10);
  }, 300_000);
});

describe('a session on DIA-NN with choices the CLI must carry: samples by a pattern, a sample table joined in file order, samples dropped', () => {
  it('the app refuses the table naming no run until “Match in file order”; its command gives the same run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skfr-app-command-'));
    try {
      const file = 'diann_report.pg_matrix.tsv';
      symlinkSync(join(realDir, file), join(dir, file));
      // The lab notebook's names (O1 …) only: no run name in it, one row per run.
      const meta = sampleTableOf(parseTable(bytesOf('diann_metadata.csv'), 'diann_metadata.csv'));
      const kept = ['Names in lab notebook', 'Gigaseal_Status'].map((name) => meta.columns.find((c) => c.name === name)!);
      const notebook = toCsv([kept.map((c) => c.name), ...kept[0]!.values.map((_, r) => kept.map((c) => c.values[r] ?? null))]);
      writeFileSync(join(dir, 'notebook.csv'), notebook);

      const session = createSession();
      const opened = ok(await session.runJob({ type: 'open', source: { kind: 'bytes', fileName: file, bytes: bytesOf(file) } }));
      const d = ok(await session.runJob({ type: 'design', source: { kind: 'bytes', fileName: 'notebook.csv', bytes: new TextEncoder().encode(notebook) } }));
      const mapping = { ...opened.layout.mapping, sampleColumns: null, sampleColumnsMatch: '\\.raw\\.dia$', design: d.table };
      // The proposed steps less the valid-value filter, with the empty samples dropped (after the transform, before the scale).
      const proposed = opened.layout.recipe.steps.filter((s) => s.kind !== 'min-valid');
      const recipe = { steps: [...proposed.filter((s) => s.kind !== 'scale'), { kind: 'drop-samples' as const, minValues: 1 }, ...proposed.filter((s) => s.kind === 'scale')] };
      expect(recipe.steps.map((s) => s.kind).slice(-3)).toEqual(['transform', 'drop-samples', 'scale']);
      const refused = await session.runJob({ type: 'map', datasetId: opened.datasetId, mapping, recipe });
      expect(refused.ok ? null : refused.error.code).toBe('design-unmatched');
      const chosen = { ...mapping, design: { ...d.table, order: 'file' as const } };
      const settings = { k: 2, s: 10, variant: 'global' as const, loss: 'squared' as const, restarts: 5, seed: 3, maxIterations: 100 };
      const view = ok(await session.runJob({ type: 'fit', datasetId: opened.datasetId, mapping: chosen, recipe, settings, classColumn: 'Gigaseal_Status' }));
      expect(view.command).toContain(`--sample-columns '\\.raw\\.dia$'`);
      expect(view.command).toContain('--design notebook.csv --design-order file');
      expect(view.command).toContain('--drop-samples empty');

      const line = `${shellQuote(process.execPath)} ${shellQuote(bin)} ${view.command.slice('skfr '.length)} --json`;
      const cli = spawnSync('/bin/sh', ['-c', line], { cwd: dir, encoding: 'utf8', timeout: 280_000 });
      expect(cli.status, cli.stderr).toBe(0);
      const out = JSON.parse(cli.stdout) as CliJson;
      expect(out.sampleIds).toEqual(view.sampleIds);
      expect(out.labels).toEqual(Array.from(view.clusters));
      // The same steps; the scale's reason is no flag (skfr cluster words it again for the columns it reads).
      const withoutReason = (r: { steps: readonly object[] }) => r.steps.map((step) => ({ ...step, reason: undefined }));
      expect(withoutReason(out.recipe)).toEqual(withoutReason(recipe));
      // The same counts. (The scale's words differ: the app keeps the reason proposed for the file's quantity,
      // “log2 intensities”, the CLI words it for columns chosen by a pattern, “log2 values”; both centre only.)
      const unworded = (steps: { step: string; label: string; count: number }[]) => steps.map((s) => (s.step === 'scale' ? { ...s, label: s.label.replace(/ \(.*\)$/, '') } : s));
      expect(unworded(out.preparation)).toEqual(unworded(view.preparation));
      expect(out.design.order).toBe('file');
      expect(out.annotations['Names in lab notebook']).toEqual(kept[0]!.values);
      expect(out.command).toBe(view.command);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
