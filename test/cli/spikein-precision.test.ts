/**
 * Issue 24, the science on the given spike-ins: with the preparation `skfr cluster` proposes by itself (and the
 * batch step on the two-site table), the proteins selected at k = 3, s = 10 are the spiked ones. The truth is read
 * from the files as ../shared/data/real/README.md says: MaxQuant UPS1 = `Fasta headers` starting `generic_ups|`;
 * PAW UPS2 = `Description` holding `_HUMAN_UPS` (the label row names the samples, the header's site an
 * annotation, `experiment`). The precision needed is the acceptance's, 0.8.
 *
 * The two-site table is the reason the proposed scale for log intensities is Pareto (docs/preparation.md, "The
 * scale"): centred only, its three mouse proteins with a large spread of their own in one tissue sample (Mpz,
 * Acot3, Hbb-bs) take 3 of the 10 places at k = 3; Pareto-scaled, the 10 are UPS2.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli } from './built-cli.js';
import { repoRoot, type CliJson } from './helpers.js';

const real = (name: string) => fileURLToPath(new URL(`../../../shared/data/real/${name}`, import.meta.url));
const bin = join(repoRoot, 'cli', 'bin', 'skfr.js');
const MAXQUANT = real('maxquant_ups1_yeast_proteinGroups.txt');
const PAW = real('paw_tmt_ups2_mouse_two_sites.txt');

beforeAll(ensureBuiltCli, 180_000);

function json(args: string[]): CliJson {
  const result = spawnSync(process.execPath, [bin, 'cluster', ...args, '--json'], { encoding: 'utf8', timeout: 280_000 });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as CliJson;
}

/** A tab-separated file's header (on line `headerLine`, 0-based) and rows, quotes around a cell removed. */
function tsv(path: string, headerLine = 0): { column: (name: string) => string[] } {
  const lines = readFileSync(path, 'latin1').split(/\r?\n/).filter((line) => line.length > 0).slice(headerLine);
  const cells = lines.map((line) => line.split('\t').map((c) => c.replace(/^"|"$/g, '').trim()));
  const header = cells[0]!;
  return {
    column(name) {
      const c = header.indexOf(name);
      expect(c, name).toBeGreaterThanOrEqual(0);
      return cells.slice(1).map((row) => row[c] ?? '');
    },
  };
}

const first = (cell: string) => cell.split(';')[0]!.trim();

describe.skipIf(!existsSync(MAXQUANT))('MaxQuant UPS1 in yeast (9 amounts × 3), as proposed, k = 3, s = 10', () => {
  it('selects UPS1 proteins only (0 of 10 with unit variance, the issue’s finding)', () => {
    const t = tsv(MAXQUANT);
    const fasta = t.column('Fasta headers');
    const ids = t.column('Majority protein IDs').map(first);
    const genes = t.column('Gene names').map(first);
    const ups = fasta.map((h) => h.startsWith('generic_ups|'));
    const upsIds = new Set(ids.filter((_, r) => ups[r]));
    const upsGenes = new Set(genes.filter((g, r) => ups[r] && g !== ''));
    // A label is a gene name, or "GENE (ACCESSION)" when two rows share the gene (SOD1 of yeast and of UPS1), or the id.
    const spiked = (label: string) => {
      const both = /^(.*) \((.+)\)$/.exec(label);
      return both ? upsIds.has(both[2]!) : upsGenes.has(label) || upsIds.has(label);
    };
    const out = json([MAXQUANT, '--k', '3', '--s', '10']);
    expect(out.command).toContain('--transform log2');
    expect(out.command).toContain('--scale pareto');
    expect(out.selectedFeatures.filter(spiked)).toHaveLength(10);
    const old = json([MAXQUANT, '--k', '3', '--s', '10', '--scale', 'unit-variance']);
    expect(old.selectedFeatures.filter(spiked).length).toBeLessThan(8);
  });
});

describe.skipIf(!existsSync(PAW))('PAW TMT, UPS2 in mouse at two sites, as proposed with the batch step on the site, k = 3, s = 10', () => {
  it('selects at least 8 UPS2 proteins of 10', () => {
    const t = tsv(PAW, 4);
    const description = t.column('Description');
    const filter = t.column('Filter');
    const accession = t.column('Accession').map((a) => a.split(' ')[0]!);
    const ups2 = new Set(accession.filter((_, r) => description[r]!.includes('_HUMAN_UPS') && filter[r] === ''));
    expect(ups2.size).toBeGreaterThan(10);
    const out = json([PAW, '--batch', 'experiment', '--k', '3', '--s', '10']);
    expect(out.command).toContain('--batch experiment');
    expect(out.command).toContain('--scale pareto');
    const hits = out.selectedFeatures.filter((name: string) => ups2.has(name));
    expect(hits.length, `selected: ${out.selectedFeatures.join(', ')}`).toBeGreaterThanOrEqual(8);
  });
});
