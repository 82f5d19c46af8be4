/**
 * The Layout of a Table whose reader found its layout in the file (Table.declared: GCT, SomaScan ADAT, Olink NPX,
 * mzTab, long tables; formats/structured.ts): the first quantity's columns are the samples, named as they are
 * (the readers name them), the file's label and annotation columns describe the rows, and the sample annotations
 * the file carries are its sample table, embedded like Perseus category rows.
 *
 * @example declaredLayout(gctTable)?.description // "GCT 1.3, Values, 45 samples × 888 rows"
 */
import { formatCount } from '../../format-count.js';
import { emptyColumnsMapping } from '../empty-mapping.js';
import type { DeclaredFormatId, FormatId, Layout, Table } from '../types.js';

export const DECLARED_FORMATS: readonly DeclaredFormatId[] = ['gct', 'adat', 'olink', 'mztab', 'long'];

export function isDeclaredFormat(format: FormatId): format is DeclaredFormatId {
  return (DECLARED_FORMATS as readonly string[]).includes(format);
}

/** The layout `table` declares, or null when it declares none. */
export function declaredLayout(table: Table): Layout | null {
  const declared = table.declared;
  if (!declared || declared.quantities.length === 0) return null;
  const quantity = declared.quantities[0]!;
  const samples = quantity.columns.length;
  return {
    format: declared.format,
    formatLabel: declared.label,
    quantities: declared.quantities.map((q) => ({ ...q, columns: [...q.columns] })),
    quantity: quantity.name,
    mapping: emptyColumnsMapping({
      sampleColumns: [...quantity.columns],
      featureLabelColumns: [...declared.labelColumns],
      featureAnnotationColumns: [...declared.annotationColumns],
      sampleNames: 'as-is',
      design: declared.design,
    }),
    recipe: { steps: declared.steps.map((s) => ({ ...s })) },
    description: `${declared.label}, ${quantity.name}, ${formatCount(samples, ' ')} sample${samples === 1 ? '' : 's'} × ${formatCount(table.rowCount, ' ')} ${declared.rows}`,
    embeddedDesign: declared.design !== null,
  };
}

/** Why `table` cannot be read as `format` (the reason of a refused --format), in a few words. */
export function notDeclared(table: Table, format: DeclaredFormatId): string {
  const file = `“${table.fileName}”`;
  if (table.declared) return `${file} is read as ${table.declared.label}, not as ${FORMAT_NAMES[format]}`;
  switch (format) {
    case 'gct':
      return `${file} is not a GCT file: its first line is not “#1.2” or “#1.3”`;
    case 'adat':
      return `${file} is not a SomaScan ADAT file: it does not begin with “^HEADER”`;
    case 'mztab':
      return `${file} is not an mzTab file: it has no metadata (MTD) lines before a protein section (PRH, PRT)`;
    case 'olink':
      return `${file} is not Olink NPX data: it has neither the header rows Panel, Assay, Uniprot ID, OlinkID of a wide workbook nor the columns SampleID, OlinkID and NPX of a long table`;
    case 'long':
      return `${file} is not a long table: it has no protein column (e.g. ProteinName), sample column (e.g. Run) and value column (e.g. Intensity) whose proteins repeat across samples`;
  }
}

/** The formats as a sentence names them. */
export const FORMAT_NAMES: Record<DeclaredFormatId, string> = {
  gct: 'a GCT file',
  adat: 'a SomaScan ADAT file',
  olink: 'Olink NPX data',
  mztab: 'an mzTab file',
  long: 'a long table',
};
