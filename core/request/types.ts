/**
 * The data request: what a run asks of its table before anything is fitted — the layout it is read with (format,
 * quantity, sample columns, feature column, rows options, sample table) and the preparation choices given over the
 * proposal. `skfr cluster` builds it from its flags (cli/commands/cluster-options.ts planCluster), and
 * core/request/resolve.ts resolveRequest turns it, with the parsed table, into the mapping and recipe a run uses.
 * Every field is a choice a `.skfr` session records once resolved (its mapping and recipe) or a flag of
 * `skfr cluster`; nothing here is a host's (no path is read here: the host reads the sample table).
 */
import type { PrepChoices } from '../prepare/proposal.js';
import { DECLARED_FORMATS } from '../table/formats/declared.js';
import type { FlagKind, FormatId, Layout, Mapping, Recipe, ScaleBasis } from '../table/types.js';

/** --format NAME: a format forced, or `auto` (recognised). */
export type FormatChoice = 'auto' | FormatId;
export const FORMAT_CHOICES: readonly FormatChoice[] = ['auto', 'maxquant', 'diann', 'fragpipe', 'spectronaut', 'proteome-discoverer', 'paw', 'perseus', ...DECLARED_FORMATS, 'table'];

/** --design FILE[:SHEET]: where the sample table is; --design-column C, --design-order names|file: how it joins. */
export interface DesignSpec {
  path: string;
  sheet: string | null;
  /** --design-column C (null: the column matching the most samples). */
  column?: string | null;
  /** --design-order (absent: names). */
  order?: 'names' | 'file';
}

/** The preparation choices given (core/prepare/args.ts parses them; core/prepare/proposal.ts declares them); undefined = not given. */
export type PrepOptions = PrepChoices;

/** How the file's layout is read: the recognition and what the user overrode (--format … --zero-is-value). */
export interface LayoutOptions {
  format: FormatChoice;
  /** --quantity NAME (e.g. "iBAQ"); null = the format's preferred one. */
  quantity: string | null;
  /** --header-row N (1-based); null = detected by the reader. */
  headerRow: number | null;
  /** --no-header: the first row is data (text files). */
  noHeader?: boolean;
  /** Samples as columns asked for: --samples-as-columns, or implied by --sample-columns / --feature-column. */
  samplesAsColumns: boolean;
  /** --sample-columns REGEX. */
  sampleColumnsMatch: string | null;
  /** --feature-column C. */
  featureColumn: string | null;
  /** --design FILE[:SHEET], with --design-column and --design-order. */
  design: DesignSpec | null;
  /** --keep-decoys, --keep-contaminants, --keep-site-only, --keep-non-master. */
  keep: Record<FlagKind, boolean>;
  /** --zero-is-value. */
  zeroIsValue: boolean;
  /** --transform, --min-valid, --normalize, --batch, --impute as given (undefined: not given, the proposed choice). */
  prep: PrepOptions;
  /** The samples-as-rows options given explicitly (--id-column, --annotation-columns, --features, --features-match). */
  rowsFlags: string[];
  /**
   * --id-column none: one sample per row, numbered 1, 2, … even when a column would be taken as the sample id
   * (sample-id.ts). Absent = false.
   */
  rowNumbers?: boolean;
}

/**
 * One run's data request (resolveRequest's input besides the table and the sample table the host read).
 * @example { layout: { format: 'auto', quantity: 'iBAQ', …, prep: { transform: { method: 'log2', … } } },
 *   mapping: { orientation: 'samples-as-rows', idColumn: null, annotationColumns: [], featureColumns: null, filters: [] },
 *   classColumn: 'condition', seed: 1 } // skfr cluster proteinGroups.txt --quantity iBAQ --transform log2 --class-column condition …
 */
export interface DataRequest {
  layout: LayoutOptions;
  /**
   * The samples-as-rows mapping the rows options describe (--id-column, --annotation-columns, --features,
   * --features-match, --where; with --samples-as-columns on a plain matrix and rows options, the old transposed
   * reading). The mapping a run uses is resolveRequest's.
   */
  mapping: Mapping;
  /** --class-column C (an annotation, never fitted), or null. */
  classColumn: string | null;
  /** The random seed (downshift imputation draws with it). */
  seed: number;
}

/** The layout a run reads the table with: what was recognised or asked for, and the mapping and recipe it gives. */
export interface ResolvedLayout {
  format: FormatId;
  /** As the summary says it: "MaxQuant proteinGroups", "Table, samples as rows". */
  label: string;
  /** The quantity read per sample (e.g. "LFQ intensity"); null when the layout has no named one. */
  quantity: string | null;
  /** What a row of the file is, plural: "protein groups", "proteins", "features" (samples as rows). */
  rowsWord: string;
  orientation: Mapping['orientation'];
  /** Samples in the file as the mapping finds them (sample columns, or rows), before --where. */
  samples: number | null;
  mapping: Mapping;
  /**
   * The preparation that runs: the format's steps less what --keep-… / --zero-is-value switch off, then the
   * proposed transform and valid-value filter (core/prepare/propose.ts completeLayout, for recognised protein
   * tables; none for a table with one sample per row), each choice replaced by its flag when given.
   */
  recipe: Recipe;
  /** Why the preparation is what it is (completeLayout's reasons, and the flags given over them). */
  reasons: string[];
  /** What the recognition decided about the samples (Layout.notes: columns left out, names from a label row). */
  notes?: string[];
  /**
   * What `skfr cluster` recognises by itself (format, quantity, mapping, the format's own steps): the reproduce
   * command (core/report/command.ts) leaves out what equals it.
   */
  recognised: Pick<Layout, 'format' | 'quantity' | 'mapping' | 'recipe' | 'quantities'>;
  /** What the proposed scale was decided from (Layout.scaleBasis): the app proposes it again when the recipe changes. */
  scaleBasis?: ScaleBasis;
}
