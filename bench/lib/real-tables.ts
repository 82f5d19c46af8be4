/**
 * The given real lab tables (../shared/data/real, see its README) as the open benchmarks use them: the file, a
 * short name, the flags a user gives it (its sample table where one is given beside it) and whether polars and
 * pandas can read it as a table (a workbook, GCT, ADAT: not with read_csv, so no peer time is printed).
 *
 * @example realTables(repo).find((t) => t.name === 'MaxQuant LFQ')!.args // → ['--design', '…/maxquant_lfq_experimental_design.txt', …]
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface RealTable {
  name: string;
  file: string;
  path: string;
  /** skfr cluster flags besides --k and --s. */
  args: string[];
  /** How a peer reads it: a delimited text with this separator and rows to skip above the header, or not at all. */
  peer: { separator: string; skipRows: number } | null;
}

export function realDir(repo: string): string {
  return resolve(repo, '..', 'shared', 'data', 'real');
}

export function realTables(repo: string): RealTable[] {
  const dir = realDir(repo);
  const at = (file: string) => join(dir, file);
  const tab = { separator: '\t', skipRows: 0 };
  const tables: Omit<RealTable, 'path'>[] = [
    { name: 'MaxQuant LFQ', file: 'maxquant_lfq_proteinGroups.txt', args: ['--design', at('maxquant_lfq_experimental_design.txt'), '--class-column', 'condition'], peer: tab },
    { name: 'FragPipe', file: 'fragpipe_combined_protein.tsv', args: [], peer: tab },
    { name: 'Perseus', file: 'perseus_matrix.txt', args: [], peer: tab },
    { name: 'DIA-NN', file: 'diann_report.pg_matrix.tsv', args: ['--design', at('diann_metadata.csv')], peer: tab },
    { name: 'MaxQuant UPS1', file: 'maxquant_ups1_yeast_proteinGroups.txt', args: [], peer: tab },
    { name: 'PD 2.4 UPS1', file: 'pd24_ups1_yeast_Proteins.txt', args: [], peer: tab },
    { name: 'PAW TMT', file: 'paw_tmt_ups2_mouse_two_sites.txt', args: [], peer: { separator: '\t', skipRows: 4 } },
    { name: 'GCT 1.3', file: 'gct13_medulloblastoma_proteome.gct', args: [], peer: { separator: '\t', skipRows: 2 } },
    { name: 'SomaScan ADAT', file: 'somascan_example_data10.adat', args: [], peer: null },
    { name: 'Olink NPX', file: 'olink_npx_data1.xlsx', args: [], peer: null },
  ];
  return tables.map((t) => ({ ...t, path: at(t.file) })).filter((t) => existsSync(t.path));
}
