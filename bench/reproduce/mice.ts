/**
 * The paper's Table 1 case study: control mice (k = 49) and trisomic mice (k = 36), s = 24, 20 restarts,
 * standardized, k-POD for the missing cells. Mixed nodes (clusters holding more than one of the 8 classes)
 * and the samples in them, for SKFR1 and for k-means++ (s = p), median and range over seeds 1..10.
 */
import { mixedNodes } from '../../core/engine/index.js';
import { renderTable } from '../lib/table.js';
import { median, range } from '../lib/stats.js';
import { loadMice } from '../lib/mice.js';
import type { Fitter } from './simulations.js';

export const PAPER_TABLE1 = {
  Control: { SKFR1: [4, 67], 'k-means++': [11, 164] },
  Ts65Dn: { SKFR1: [3, 64], 'k-means++': [9, 152] },
} as const;

type Group = keyof typeof PAPER_TABLE1;
type MiceMethod = 'SKFR1' | 'k-means++';
const GROUPS: readonly { genotype: Group; k: number }[] = [
  { genotype: 'Control', k: 49 },
  { genotype: 'Ts65Dn', k: 36 },
];

export interface MiceRecord {
  genotype: Group;
  method: MiceMethod;
  seed: number;
  mixedNodes: number;
  totalInMixedNodes: number;
  /** Selected protein names, best first (SKFR1 only). */
  selected: string[];
}

export async function runMice(seeds: number, restarts: number, fitter: Fitter, onFit?: (r: MiceRecord) => void): Promise<MiceRecord[]> {
  const records: MiceRecord[] = [];
  for (const { genotype, k } of GROUPS) {
    const data = loadMice(genotype);
    for (let seed = 1; seed <= seeds; seed++) {
      for (const method of ['SKFR1', 'k-means++'] as const) {
        const s = method === 'SKFR1' ? 24 : data.X.cols;
        const result = await fitter(data.X, { k, s, restarts, seed, variant: 'global', loss: 'squared' });
        const mixed = mixedNodes(result.labels, data.classCodes);
        const record: MiceRecord = {
          genotype,
          method,
          seed,
          mixedNodes: mixed.mixedNodes,
          totalInMixedNodes: mixed.totalInMixedNodes,
          selected: method === 'SKFR1' ? Array.from(result.selectedFeatures, (i) => data.proteins[i]!) : [],
        };
        records.push(record);
        onFit?.(record);
      }
    }
  }
  return records;
}

function cell(values: number[]): string {
  const [lo, hi] = range(values);
  return `${median(values)} (${lo}–${hi})`;
}

/** Table 1 beside the paper: ours as "median (min–max)" over seeds. */
export function miceTable(records: readonly MiceRecord[]): string {
  const rows: string[][] = [];
  for (const method of ['SKFR1', 'k-means++'] as const) {
    const row: string[] = [method];
    for (const { genotype } of GROUPS) {
      const rs = records.filter((r) => r.genotype === genotype && r.method === method);
      const paper = PAPER_TABLE1[genotype][method];
      row.push(cell(rs.map((r) => r.mixedNodes)), String(paper[0]), cell(rs.map((r) => r.totalInMixedNodes)), String(paper[1]));
    }
    rows.push(row);
  }
  return renderTable(
    ['method', 'Control mixed nodes', 'paper', 'Control samples in mixed', 'paper', 'Ts65Dn mixed nodes', 'paper', 'Ts65Dn samples in mixed', 'paper'],
    rows,
    'markdown',
  );
}

/** The selected proteins of seed 1, with how many of the seeds selected each. */
export function proteinsTable(records: readonly MiceRecord[]): string {
  const out: string[] = [];
  for (const { genotype } of GROUPS) {
    const rs = records.filter((r) => r.genotype === genotype && r.method === 'SKFR1');
    if (rs.length === 0) continue;
    const counts = new Map<string, number>();
    for (const r of rs) for (const name of r.selected) counts.set(name, (counts.get(name) ?? 0) + 1);
    const first = rs.find((r) => r.seed === 1) ?? rs[0]!;
    out.push(`**${genotype}** (seed ${first.seed}, best first; in brackets: selected in how many of ${rs.length} seeds): ` +
      first.selected.map((name) => `${name} (${counts.get(name)})`).join(', '));
  }
  return out.join('\n\n');
}
