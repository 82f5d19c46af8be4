/**
 * Issue 25, item 4, the CLI half: the given GCT 1.3, SomaScan ADAT and Olink NPX workbook through the built
 * `skfr cluster FILE --k 3 --s 10 --json` as a user runs it (a child process), recognised by themselves; the
 * printed reproduce command run again gives the same samples and labels; the other quantity (controls kept) and
 * --format read as asked; a --format the file does not fit is one sentence.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli } from './built-cli.js';
import { repoRoot, tempDir, type CliJson } from './helpers.js';

const real = (name: string) => fileURLToPath(new URL(`../../../shared/data/real/${name}`, import.meta.url));
const bin = join(repoRoot, 'cli', 'bin', 'skfr.js');
const tmp = tempDir('skfr-structured-');
afterAll(tmp.cleanup);
beforeAll(ensureBuiltCli, 180_000);

const run = (args: string[]) => spawnSync(process.execPath, [bin, 'cluster', ...args], { cwd: tmp.dir, encoding: 'utf8', timeout: 280_000 });

function json(args: string[]): CliJson {
  const result = run([...args, '--json']);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as CliJson;
}

/** The printed reproduce command, run (as a shell would split it) with --json. */
function rerun(command: string): CliJson {
  const result = spawnSync('/bin/sh', ['-c', `${command.replace(/^skfr /, `'${process.execPath}' '${bin}' `)} --json`], { cwd: tmp.dir, encoding: 'utf8', timeout: 280_000 });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as CliJson;
}

const cases = [
  { file: 'gct13_medulloblastoma_proteome.gct', format: 'gct', quantity: 'Values', n: 45, p: 819, first: 'MB278_GR3', annotation: 'Subgroup', transform: false },
  { file: 'somascan_example_data10.adat', format: 'adat', quantity: 'RFU', n: 9, p: 5284, first: '1', annotation: 'SampleType', transform: true },
  { file: 'olink_npx_data1.xlsx', format: 'olink', quantity: 'NPX', n: 156, p: 184, first: 'A1', annotation: 'QC Warning (Olink INFLAMMATION)', transform: false },
] as const;

describe('skfr cluster on the given GCT, ADAT and Olink files, as they are', () => {
  for (const c of cases) {
    it(`${c.file}: ${c.format}, ${c.quantity}, ${c.n} samples; the reproduce command gives the same run`, () => {
      const out = json([real(c.file), '--k', '3', '--s', '10']);
      expect(out.format).toBe(c.format);
      expect(out.quantity).toBe(c.quantity);
      expect(out.n).toBe(c.n);
      expect(out.p).toBe(c.p);
      expect(out.sampleIds[0]).toBe(c.first);
      expect(out.annotations[c.annotation]).toHaveLength(c.n);
      expect(out.featureLabels).toHaveLength(out.p);
      expect(new Set(out.featureLabels).size).toBe(out.p);
      expect(out.preparation.some((s: { step: string }) => s.step === 'transform')).toBe(c.transform);
      const again = rerun(out.command);
      expect(again.sampleIds).toEqual(out.sampleIds);
      expect(again.featureLabels).toEqual(out.featureLabels);
      expect(again.labels).toEqual(out.labels);
    });
  }

  it('the quantity with the controls keeps them: 10 ADAT rows, 160 Olink rows', () => {
    expect(json([real('somascan_example_data10.adat'), '--quantity', 'RFU with controls', '--k', '3', '--s', '10']).annotations.SampleType).toContain('Calibrator');
    expect(json([real('olink_npx_data1.xlsx'), '--quantity', 'NPX with controls', '--k', '3', '--s', '10']).n).toBe(160);
  });

  it('--format names a format; one the file does not fit is one sentence', () => {
    expect(json([real('gct13_medulloblastoma_proteome.gct'), '--format', 'gct', '--k', '3', '--s', '10']).n).toBe(45);
    const wrong = run([real('olink_npx_data1.xlsx'), '--format', 'adat', '--k', '3', '--s', '10']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr.trim()).toBe('error: “olink_npx_data1.xlsx” is read as Olink NPX wide workbook, not as a SomaScan ADAT file.');
  });
});
