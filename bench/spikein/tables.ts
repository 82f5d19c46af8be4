/**
 * The spike-in experiments of ../shared/data/real/ (its README says how to tell the spiked proteins), as
 * `npm run bench:spikein` runs them: the `skfr cluster` flags a user gives, the truth (which proteins are
 * spiked, which amount each sample holds) read from the files themselves, and the batch column if any.
 *
 * - MaxQuant UPS1 in yeast: 27 `LFQ intensity <amount>amol_<r>` samples, 9 amounts × 3; UPS1 = `Fasta headers`
 *   starting `generic_ups|`. Recognised by main as it is: no flag.
 * - Proteome Discoverer 2.4, the same series: 27 `Abundances Normalized F<i> Sample` columns, the amount only in
 *   the Input Files table's raw-file name (`UPS1_<amount>amol_R<r>.raw` for File ID F<i>); UPS1 = `Marked as` =
 *   `Ups1`.
 * - PAW TMT, UPS2 in mouse at two sites: 10 `TotInt_<channel>_<site>` channels per site (131C unused); the row
 *   above the header labels them `<site>-S<level>-<r>` (`POOL-` before the S5 pair), 5 levels × 2 × 2 sites;
 *   UPS2 = `Description` containing `_HUMAN_UPS`, rows not flagged in `Filter`. The site is the batch.
 *
 * `recognition`: flags a user would need beyond the file and its sample table: none (PD 2.4 is read as Proteome
 * Discoverer, its abundances raw by kind, named through its Input Files table; PAW's header row, label row, unused
 * channels and `Filter` flags are read from the file). `design`: a sample table the bench writes (a user would), for the batch step's column.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseTable } from '../../core/table/parse.js';
import { columnTexts, findColumn } from '../../core/table/lookup.js';
import type { MappedData, Table } from '../../core/table/types.js';

export interface SpikeIn {
  /** Short name for the tables. */
  name: string;
  file: string;
  /** Flags for what main does not recognise yet (see the module comment); [] when none. */
  recognition: string[];
  /** The sample-table flags (--design FILE, --class-column) when the bench writes one; [] when none. */
  design: string[];
  /** The batch step the new defaults add (`--batch site`); [] when none. */
  batch: string[];
  /** Number of known amount levels. */
  levels: number;
  /** Is feature l of the prepared data spiked? */
  spiked(mapped: MappedData): boolean[];
  /** The known amount (level) of each prepared sample. */
  amounts(mapped: MappedData): string[];
}

function readTable(file: string, headerRow?: number): Table {
  return parseTable(readFileSync(file), basename(file), headerRow !== undefined ? { headerRow } : {});
}

/** The set of `idColumn` values of the rows where `isSpiked(row)`, read from the file. */
function spikedIds(table: Table, idColumn: string, isSpiked: (row: number) => boolean): Set<string> {
  const ids = columnTexts(findColumn(table, idColumn, 'id'));
  const out = new Set<string>();
  ids.forEach((id, row) => {
    if (id !== null && isSpiked(row)) out.add(id);
  });
  return out;
}

/** Per prepared feature: is its `idColumn` value among `ids`? */
function byId(mapped: MappedData, idColumn: string, ids: ReadonlySet<string>): boolean[] {
  const values = mapped.featureAnnotations?.[idColumn];
  if (!values) throw new Error(`The prepared data keeps no “${idColumn}” per feature.`);
  return values.map((v) => v !== null && ids.has(v));
}

export function maxquantUps1(real: string): SpikeIn {
  const file = join(real, 'maxquant_ups1_yeast_proteinGroups.txt');
  return {
    name: 'MaxQuant UPS1 in yeast',
    file,
    recognition: [],
    design: [],
    batch: [],
    levels: 9,
    spiked(mapped) {
      const table = readTable(file);
      const fasta = columnTexts(findColumn(table, 'Fasta headers', 'truth'));
      return byId(mapped, 'Majority protein IDs', spikedIds(table, 'Majority protein IDs', (row) => (fasta[row] ?? '').startsWith('generic_ups|')));
    },
    amounts: (mapped) => mapped.sampleIds.map((id) => /^(\d+)amol/.exec(id)?.[1] ?? `? ${id}`),
  };
}

export function pd24Ups1(real: string): SpikeIn {
  const file = join(real, 'pd24_ups1_yeast_Proteins.txt');
  const inputFiles = join(real, 'pd24_ups1_yeast_InputFiles.txt');
  return {
    name: 'PD 2.4 UPS1 in yeast',
    file,
    recognition: [],
    // PD's Input Files table names the samples by their raw files (F1 → UPS1_50amol_R1), as a user attaches it.
    design: ['--design', inputFiles],
    batch: [],
    levels: 9,
    spiked(mapped) {
      const table = readTable(file);
      const marked = columnTexts(findColumn(table, 'Marked as', 'truth'));
      return byId(mapped, 'Accession', spikedIds(table, 'Accession', (row) => marked[row] === 'Ups1'));
    },
    amounts(mapped) {
      const table = readTable(inputFiles);
      const ids = columnTexts(findColumn(table, 'File ID', 'truth'));
      const names = columnTexts(findColumn(table, 'File Name', 'truth'));
      const amountOf = new Map(ids.map((id, r) => [id, /UPS1_(\d+)amol/.exec(names[r] ?? '')?.[1] ?? null]));
      // Sample "UPS1_50amol_R1" (named from the Input Files table), else "F12" (`Abundances Normalized F12 Sample`).
      return mapped.sampleIds.map((id) => /(\d+)amol/.exec(id)?.[1] ?? amountOf.get(/F\d+/.exec(id)?.[0] ?? id) ?? `? ${id}`);
    },
  };
}

/** PAW's row of sample labels above the header: header name → label (`TotInt_126C_BGS` → `BGS-S4-1`). */
function pawLabels(file: string): Map<string, string> {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  const header = lines[4]!.split('\t');
  const labels = lines[3]!.split('\t');
  return new Map(header.map((name, c) => [name, (labels[c] ?? '').trim()]));
}

export function pawTmtTwoSites(real: string, workDir: string): SpikeIn {
  const file = join(real, 'paw_tmt_ups2_mouse_two_sites.txt');
  const labels = pawLabels(file);
  const channels = [...labels.entries()].filter(([name, label]) => name.startsWith('TotInt_') && label !== '' && label !== 'unused');
  // The sample table a user writes from the label row: sample column, site, level.
  const designFile = join(workDir, 'paw_tmt_two_sites_design.tsv');
  const levelOf = (label: string) => /S(\d+)-\d+$/.exec(label)?.[1] ?? `? ${label}`;
  const siteOf = (label: string) => /(BGS|FLI)/.exec(label)?.[1] ?? `? ${label}`;
  // Keyed by the labels, which name the samples (the label row above the header).
  writeFileSync(designFile, ['sample\tsite\tlevel', ...channels.map(([, label]) => `${label}\t${siteOf(label)}\tS${levelOf(label)}`)].join('\n') + '\n');
  return {
    name: 'PAW TMT UPS2 in mouse, two sites',
    file,
    recognition: [],
    design: ['--design', designFile, '--class-column', 'level'],
    batch: ['--batch', 'site'],
    levels: 5,
    spiked(mapped) {
      const table = readTable(file, 5);
      const description = columnTexts(findColumn(table, 'Description', 'truth'));
      const filter = columnTexts(findColumn(table, 'Filter', 'truth'));
      return byId(mapped, 'Accession', spikedIds(table, 'Accession', (row) => (description[row] ?? '').includes('_HUMAN_UPS') && (filter[row] ?? '').trim() === ''));
    },
    amounts: (mapped) => mapped.sampleIds.map((id) => levelOf(labels.get(id) ?? id)),
  };
}
