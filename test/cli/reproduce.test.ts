/**
 * Issue 25 item 8: the printed reproduce command carries every choice. Each case runs the built `skfr cluster`
 * (a child process, as a user does) with one choice given, then runs the command it printed through a shell, and
 * gets the same result: samples, proteins, annotations, preparation, join, labels — and the same command again.
 * Cases: --sample-columns (a pattern on a table the CLI reads with one sample per row by itself — the pattern was
 * dropped —, and a subset of a quantity), --feature-column, --header-row, --sheet, a design's sheet, --where,
 * --quantity, --design-column, --design-order file, --drop-samples, and rows-mode --features-match.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustedRandIndex } from '../../core/engine/metrics.js';
import { shellQuote } from '../../core/report/command.js';
import { ensureBuiltCli } from './built-cli.js';
import { repoRoot, tempDir, type CliJson } from './helpers.js';

const bin = join(repoRoot, 'cli', 'bin', 'skfr.js');
const tmp = tempDir('skfr-reproduce-');
afterAll(tmp.cleanup);
const at = (name: string) => join(tmp.dir, name);

const REAL = '../shared/data/real';
const maxquant = `${REAL}/maxquant_lfq_proteinGroups.txt`;
const design = `${REAL}/maxquant_lfq_experimental_design.txt`;
const FAST = ['--restarts', '3', '--json'];

beforeAll(() => {
  ensureBuiltCli();
  // Proteins × 6 samples, with a first column that is no protein id: the CLI reads it with one sample per row
  // unless told (--sample-columns); 'extra' is no sample.
  const rows = Array.from({ length: 12 }, (_, r) => [`x${r}`, ...[1, 2, 3, 4, 5, 6].map((s) => ((r * 7 + s * (r % 3 === 0 ? 5 : 1)) % 11) + 1), r]);
  writeFileSync(at('plain.csv'), [['thing', 'A_1', 'A_2', 'A_3', 'B_1', 'B_2', 'B_3', 'extra'], ...rows].map((r) => r.join(',')).join('\n') + '\n');
  // Two title lines above the header.
  writeFileSync(at('titled.csv'), ['Quantities of the pilot', 'exported 2025', ...readLines('plain.csv')].join('\n') + '\n');
  // A workbook: a notes sheet first, the data on "Proteins", the samples on "Samples" (one row each, in file order).
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['notes'], ['made by hand']]), 'Notes');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(readLines('plain.csv').map((l) => l.split(',').map((c, i) => (i === 0 || isNaN(Number(c)) ? c : Number(c))))), 'Proteins');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['run', 'group'], ['A_1', 'a'], ['A_2', 'a'], ['A_3', 'a'], ['B_1', 'b'], ['B_2', 'b'], ['B_3', 'b']]), 'Samples');
  writeFileSync(at('book.xlsx'), XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  // Sample tables: one naming the samples in a second column, one naming none (but one row per sample, in order).
  writeFileSync(at('two-names.csv'), 'tube,run,group\nT1,A_1,a\nT2,A_2,a\nT3,A_3,a\nT4,B_1,b\nT5,B_2,b\nT6,B_3,b\n');
  writeFileSync(at('no-names.csv'), 'tube,group\nT1,a\nT2,a\nT3,a\nT4,b\nT5,b\nT6,b\n');
  // Two empty samples (all zero).
  writeFileSync(at('empty.csv'), readLines('plain.csv').map((l, i) => (i === 0 ? `${l},C_1,C_2` : `${l},0,0`)).join('\n') + '\n');
}, 180_000);

function readLines(name: string): string[] {
  return (spawnSync('cat', [at(name)], { encoding: 'utf8' }).stdout as string).trimEnd().split('\n');
}

const run = (args: string[]) => spawnSync(process.execPath, [bin, 'cluster', ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 280_000 });

/** A printed `skfr cluster …` command run through a real shell (its quoting included). */
function runCommand(command: string, extra: string[]) {
  expect(command.startsWith('skfr cluster ')).toBe(true);
  const line = `${shellQuote(process.execPath)} ${shellQuote(bin)} ${command.slice('skfr '.length)} ${extra.map(shellQuote).join(' ')}`;
  return spawnSync('/bin/sh', ['-c', line], { cwd: repoRoot, encoding: 'utf8', timeout: 280_000 });
}

/** What must come out the same. */
function outcome(json: CliJson) {
  const { sampleIds, featureLabels, annotations, preparation, recipe, design: joined, labels, format, quantity, sheet, headerRow, command } = json;
  return { sampleIds, featureLabels, annotations, preparation, recipe, design: joined, labels, format, quantity, sheet, headerRow, command };
}

/** Runs `args`, then its printed command; both the same. Returns the first run's JSON. */
function reproduces(args: string[]): CliJson {
  const first = run([...args, ...FAST]);
  expect(first.status, first.stderr).toBe(0);
  const out = JSON.parse(first.stdout) as CliJson;
  const again = runCommand(out.command, ['--json']);
  expect(again.status, again.stderr).toBe(0);
  expect(outcome(JSON.parse(again.stdout) as CliJson)).toEqual(outcome(out));
  return out;
}

describe('the printed command reproduces the run, for each choice', () => {
  it('--sample-columns: a pattern on a table read by itself with one sample per row (it was left out)', () => {
    const out = reproduces([at('plain.csv'), '--sample-columns', '^[AB]_', '--k', '2', '--s', '3']);
    expect(out.sampleIds).toEqual(['A_1', 'A_2', 'A_3', 'B_1', 'B_2', 'B_3']);
    expect(out.command).toContain(`--sample-columns '^[AB]_'`);
    // The groups the names carry are offered, and the valid-value filter proposed per group follows them.
    expect(out.annotations['group (from names)']).toEqual(['A', 'A', 'A', 'B', 'B', 'B']);
  }, 300_000);

  it('--class-column on the groups the sample names carry (no sample table): the known classes, in the command', () => {
    const out = reproduces([at('plain.csv'), '--sample-columns', '^[AB]_', '--class-column', 'group (from names)', '--k', '2', '--s', '3']);
    expect(out.command).toContain(`--class-column 'group (from names)'`);
    // The agreement is with A, A, A, B, B, B (what the names say): the ARI of the labels against those groups.
    const groups = out.annotations['group (from names)'] as string[];
    expect(groups).toEqual(['A', 'A', 'A', 'B', 'B', 'B']);
    expect(out.metrics.ari).toBeCloseTo(adjustedRandIndex(out.labels as number[], groups.map((g) => (g === 'A' ? 0 : 1))), 12);
    // Without it, no agreement is computed.
    expect(JSON.parse(run([at('plain.csv'), '--sample-columns', '^[AB]_', '--k', '2', '--s', '3', ...FAST]).stdout).metrics).toBeNull();
  }, 300_000);

  it('--sample-columns: a subset of a quantity’s columns', () => {
    const out = reproduces([maxquant, '--sample-columns', '^LFQ intensity [HL]', '--k', '2', '--s', '5']);
    expect(out.sampleIds).toHaveLength(10);
    expect(out.command).toContain(`--sample-columns '^LFQ intensity [HL]'`);
  }, 300_000);

  it('--feature-column, --quantity', () => {
    expect(reproduces([maxquant, '--feature-column', 'Protein IDs', '--k', '2', '--s', '5']).command).toContain(`--feature-column 'Protein IDs'`);
    expect(reproduces([maxquant, '--quantity', 'Intensity', '--k', '2', '--s', '5']).command).toContain('--quantity Intensity');
  }, 180_000);

  it('--header-row, --sheet and a sample table on another sheet of the same workbook', () => {
    const titled = reproduces([at('titled.csv'), '--header-row', '3', '--sample-columns', '^[AB]_', '--k', '2', '--s', '3']);
    expect(titled.command).toContain('--header-row 3');
    const book = reproduces([at('book.xlsx'), '--sheet', 'Proteins', '--sample-columns', '^[AB]_', '--design', `${at('book.xlsx')}:Samples`, '--class-column', 'group', '--k', '2', '--s', '3']);
    expect(book.command).toContain('--sheet Proteins');
    expect(book.command).toContain(`--design ${at('book.xlsx')}:Samples`);
    expect(book.annotations.group).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
  }, 300_000);

  it('--where on a sample table’s column', () => {
    const out = reproduces([maxquant, '--design', design, '--where', 'condition=CD34High', '--where', 'condition=CD34Low', '--k', '2', '--s', '5']);
    expect(out.sampleIds).toEqual(['H1', 'H2', 'H3', 'H4', 'L1', 'L2', 'L3', 'L4']);
    expect(out.command).toContain('--where condition=CD34High --where condition=CD34Low');
  }, 300_000);

  it('--design-column and --design-order file', () => {
    const column = reproduces([at('plain.csv'), '--sample-columns', '^[AB]_', '--design', at('two-names.csv'), '--design-column', 'run', '--k', '2', '--s', '3']);
    expect(column.command).toContain('--design-column run');
    expect(column.design.matchedColumn).toBe('run');
    const ordered = reproduces([at('plain.csv'), '--sample-columns', '^[AB]_', '--design', at('no-names.csv'), '--design-order', 'file', '--k', '2', '--s', '3']);
    expect(ordered.command).toContain('--design-order file');
    expect(ordered.annotations).toEqual({ tube: ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'], group: ['a', 'a', 'a', 'b', 'b', 'b'] });
    // Without it: refused in one sentence that says how.
    const refused = run([at('plain.csv'), '--sample-columns', '^[AB]_', '--design', at('no-names.csv'), '--k', '2', '--s', '3']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^error: No sample of the data has a row in the sample table “no-names.csv”: its column “tube” holds names such as “T1”, “T2”, “T3”.*--design-order file\)\.\n$/);
  }, 300_000);

  it('--drop-samples empty (without it, the two empty samples are named in one sentence)', () => {
    // C_1 and C_2 hold 0 only: no value once log2 makes 0 missing.
    const refused = run([at('empty.csv'), '--sample-columns', '^[ABC]_', '--transform', 'log2:missing', '--k', '2', '--s', '3']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe(
      'error: 2 samples have no value in any of the 12 features: “C_1” (column “C_1”), “C_2” (column “C_2”); drop them (“Drop samples with no values” in the Prepare panel, or --drop-samples empty), or remove them from the samples.\n',
    );
    const out = reproduces([at('empty.csv'), '--sample-columns', '^[ABC]_', '--transform', 'log2:missing', '--drop-samples', 'empty', '--k', '2', '--s', '3']);
    expect(out.command).toContain('--drop-samples empty');
    expect(out.sampleIds).toEqual(['A_1', 'A_2', 'A_3', 'B_1', 'B_2', 'B_3']);
    expect(out.preparation.find((s: { step: string }) => s.step === 'drop-samples')).toEqual({ step: 'drop-samples', label: 'Samples with no value removed', count: 2 });
  }, 300_000);

  it('rows mode: --features-match, --where on a table column', () => {
    const csv = at('rows.csv');
    writeFileSync(csv, ['id,site,f_1,f_2,f_3,other', ...Array.from({ length: 10 }, (_, i) => `s${i},${i % 2 ? 'x' : 'y'},${i},${(i * 3) % 7},${(i * 5) % 9},${i % 4}`)].join('\n') + '\n');
    const out = reproduces([csv, '--id-column', 'id', '--features-match', '^f_', '--where', 'site=x', '--k', '2', '--s', '2']);
    expect(out.featureLabels).toEqual(['f_1', 'f_2', 'f_3']);
    expect(out.command).toContain(`--features-match '^f_' --where site=x`);
  }, 300_000);
});
