/**
 * The layouts of the quantification software we recognise, as data: how to tell the file, which columns hold
 * which quantity per sample, where the protein label comes from, which rows the software flags, and what
 * "not measured" looks like. recognize.ts reads these; adding a format is adding an entry.
 *
 * Column names are compared as loose names (spec-match.ts: Perseus' Excel type prefix and case dropped, runs
 * of punctuation one space, so R-rewritten headers such as `Majority.protein.IDs` and `Potential_contaminant`
 * match too); quantity patterns are tried on the name, and on R-rewritten names with their dots and
 * underscores read as spaces. A quantity's columns are then checked by the general rule (families.ts): no
 * statistic among them, sums over samples left out. Columns no quantity here names but that the general rule
 * finds for the same samples are offered as further quantities, so a new naming variant of a tool still opens.
 * Sources: MaxQuant proteinGroups.txt (cox-labs.github.io/coxdocs/output_tables.html, "Protein groups":
 * `Reporter intensity corrected N [experiment]`, `Reporter intensity N`, `Reporter intensity count N`, the
 * per-experiment `Intensity X`; MSstatsTMT's MaxQtoMSstatsTMTFormat reads `Reporter.intensity.corrected.N`),
 * DIA-NN's *.pg_matrix.tsv (DIA-NN README, "Main output reports"), FragPipe's combined_protein.tsv (FragPipe
 * docs, "Output"; the older Philosopher report writes `X Total|Unique|Razor Spectral Count` and
 * `X Total|Unique|Razor Intensity`, Nesvilab/philosopher lib/rep; newer FragPipe's `X Intensity` is the razor
 * intensity, prolfqua's tidy_FragPipe_combined_protein), Spectronaut protein reports (`[n] Run.PG.Quantity`;
 * alphabase pg_reader.yaml), Proteome Discoverer protein exports (PD 3.1 user guide, Proteins page; wrProteo's
 * readProteomeDiscovererFile and einprot's importExperiment for the R-friendly names `Abundances.Normalized.F1.Sample`
 * and `Abundances.Count`, `Abundances.Grouped.CV`), PAW TMT protein summaries (github.com/pwilmart/PAW_pipeline
 * add_TMT_intensities.py: `TotInt_<channel>[_<experiment>]`; pandas_TMT_IRS_norm.py: the sample key row above
 * the header, channels labelled “unused”), Perseus matrices (`#!{Type}` row).
 */
import type { FlagKind, FormatId } from '../types.js';

export interface QuantitySpec {
  name: string;
  /**
   * Matches a column name (Perseus' type prefix dropped); group 1 is the sample part, group 2 (optional) further
   * parts of the name that annotate the sample (Proteome Discoverer's study factor values).
   */
  pattern: RegExp;
  /** Column names the pattern matches but which are not samples (totals, peptide counts…). */
  exclude?: RegExp;
  /** Prefix and suffix of the sample columns, stripped for the sample names. */
  affixes: { prefix: string; suffix: string };
  /**
   * true: the format documents raw intensities (log2 proposed because of the kind, and fitting them without a log
   * is warned about); false: already logarithmic; null: not an intensity or unknown (decided from the values).
   */
  raw: boolean | null;
  /** 0 in these columns means "not quantified". */
  zeroIsMissing: boolean;
  /** Sample columns are run file paths: names become the file name without extensions. */
  runPaths?: boolean;
}

export interface FlagSpec {
  flag: FlagKind;
  /**
   * Candidate names of a column marking flagged rows: with "+", another yes (True, yes, x, 1) or a word naming
   * the flag (PAW's `Filter` = reversed, contaminant): recognize.ts markerValues.
   */
  markers: string[];
  /** The marker column names the rows to keep, and flags every other value it holds (PD's `Master` = IsMasterProtein). */
  keepValues?: RegExp;
  /** Candidate names of the id column whose first id may carry a prefix. */
  idColumns: string[];
  prefixes: string[];
}

export interface FormatSpec {
  id: Exclude<FormatId, 'table' | 'perseus'>;
  label: string;
  /** What a row is, plural: "protein groups". */
  rows: string;
  /** Every one of these (normalised) column names must be present… */
  requires: string[];
  /** …and at least one of these. */
  requiresAny: string[];
  /**
   * Columns that identify the format by themselves. Without one of them, the table is the format's only when
   * one of its quantities has columns (a DIA-NN matrix or a sample sheet with a `Protein.Ids` column is no
   * MaxQuant table for it). Absent: the required columns identify it.
   */
  signature?: string[];
  quantities: QuantitySpec[];
  /** Feature label: first of these columns with a value. */
  labelColumns: string[];
  /** Kept beside the features. */
  annotationColumns: string[];
  flags: FlagSpec[];
  missingTokens: string[];
}

export const DECOY_PREFIXES = ['REV__', 'rev_', 'DECOY_', 'decoy_'];
export const CONTAMINANT_PREFIXES = ['CON__', 'contam_', 'Cont_', 'CONT_'];

/** Flags as MaxQuant writes them (also in Perseus matrices made from MaxQuant tables). */
export const MAXQUANT_FLAGS: FlagSpec[] = [
  { flag: 'decoy', markers: ['Reverse'], idColumns: ['Majority protein IDs', 'Protein IDs'], prefixes: DECOY_PREFIXES },
  {
    flag: 'contaminant',
    markers: ['Potential contaminant', 'Contaminant'],
    idColumns: ['Majority protein IDs', 'Protein IDs'],
    prefixes: CONTAMINANT_PREFIXES,
  },
  { flag: 'site-only', markers: ['Only identified by site'], idColumns: [], prefixes: [] },
];

/**
 * A Proteome Discoverer abundance column, any punctuation between its parts: `<quantity>: F1[: 126], Sample[, factors]`.
 * Group 1: the file id and channel (`F1`, `F1: 126`); group 2: the study factor values after the sample type.
 * @example pdAbundance('Abundances?').exec('Abundance: F1: 127N, Sample, Wild')  // groups 'F1: 127N', 'Wild'
 */
function pdAbundance(quantity: string): RegExp {
  return new RegExp(`^${quantity}\\W+(F\\d+(?:\\.\\d+)?(?:\\W+[A-Za-z0-9]+)??)\\W+(?:Sample|Control|Standard|Blank|Reference|Pool)\\b\\W*(.*?)\\W*$`, 'i');
}

export const FORMATS: readonly FormatSpec[] = [
  {
    id: 'maxquant',
    label: 'MaxQuant proteinGroups',
    rows: 'protein groups',
    requires: [],
    requiresAny: ['Majority protein IDs', 'Protein IDs'],
    signature: ['Majority protein IDs'],
    quantities: [
      // TMT / iTRAQ: the reporter channels are the samples (the per-experiment `Intensity X` is one MS1 sum per plex).
      {
        name: 'Reporter intensity corrected',
        pattern: /^Reporter intensity corrected (.+)$/i,
        affixes: { prefix: 'Reporter intensity corrected ', suffix: '' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        // MaxQuant before 1.6 wrote only the uncorrected `Reporter intensity N` (and `… count N`, the ions behind it).
        name: 'Reporter intensity',
        pattern: /^Reporter intensity (.+)$/i,
        exclude: /^Reporter intensity (corrected|count)\b/i,
        affixes: { prefix: 'Reporter intensity ', suffix: '' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        name: 'LFQ intensity',
        pattern: /^LFQ intensity (.+)$/i,
        affixes: { prefix: 'LFQ intensity ', suffix: '' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        name: 'Intensity',
        pattern: /^Intensity (.+)$/i,
        exclude: /^Intensity [LHM]( |$)/,
        affixes: { prefix: 'Intensity ', suffix: '' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        name: 'iBAQ',
        pattern: /^iBAQ (.+)$/i,
        exclude: /^iBAQ peptides$/i,
        affixes: { prefix: 'iBAQ ', suffix: '' },
        raw: true,
        zeroIsMissing: true,
      },
    ],
    labelColumns: ['Gene names', 'Majority protein IDs', 'Protein IDs'],
    annotationColumns: ['Majority protein IDs', 'Protein IDs', 'Protein names', 'Gene names'],
    flags: MAXQUANT_FLAGS,
    missingTokens: [],
  },
  {
    id: 'diann',
    label: 'DIA-NN protein-group matrix',
    rows: 'protein groups',
    requires: ['Protein.Group'],
    requiresAny: ['Protein.Ids', 'Genes', 'Protein.Names'],
    quantities: [
      {
        name: 'Run quantity',
        pattern: /^(.+)$/,
        exclude:
          /^(Protein\.Group|Protein\.Ids|Protein\.Names|Genes|First\.Protein\.Description|Proteotypic|N\.Sequences|N\.Proteotypic\.Sequences|Protein\.Q\.Value|Global\.PG\.Q\.Value)$/i,
        affixes: { prefix: '', suffix: '' },
        raw: true,
        zeroIsMissing: false,
        runPaths: true,
      },
    ],
    labelColumns: ['Genes', 'Protein.Group', 'Protein.Ids'],
    annotationColumns: ['Protein.Group', 'Protein.Ids', 'Protein.Names', 'Genes', 'First.Protein.Description'],
    flags: [
      { flag: 'decoy', markers: [], idColumns: ['Protein.Group'], prefixes: DECOY_PREFIXES },
      { flag: 'contaminant', markers: [], idColumns: ['Protein.Group'], prefixes: CONTAMINANT_PREFIXES },
    ],
    missingTokens: [],
  },
  {
    id: 'fragpipe',
    label: 'FragPipe combined_protein',
    rows: 'proteins',
    requires: ['Protein ID'],
    requiresAny: ['Entry Name', 'Combined Spectral Count', 'Protein Probability'],
    quantities: [
      {
        name: 'MaxLFQ Intensity',
        pattern: /^(.+) MaxLFQ Intensity$/i,
        affixes: { prefix: '', suffix: ' MaxLFQ Intensity' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        name: 'Intensity',
        pattern: /^(.+) Intensity$/i,
        exclude: /( MaxLFQ| Unique| Total| Razor) Intensity$|^Combined /i,
        affixes: { prefix: '', suffix: ' Intensity' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        name: 'MaxLFQ Unique Intensity',
        pattern: /^(.+) MaxLFQ Unique Intensity$/i,
        affixes: { prefix: '', suffix: ' MaxLFQ Unique Intensity' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        name: 'MaxLFQ Total Intensity',
        pattern: /^(.+) MaxLFQ Total Intensity$/i,
        affixes: { prefix: '', suffix: ' MaxLFQ Total Intensity' },
        raw: true,
        zeroIsMissing: true,
      },
      // Philosopher's combined protein report (FragPipe before MaxLFQ): razor first, as FragPipe's `X Intensity` is now.
      {
        name: 'Razor Intensity',
        pattern: /^(.+) Razor Intensity$/i,
        exclude: / MaxLFQ Razor Intensity$|^Combined /i,
        affixes: { prefix: '', suffix: ' Razor Intensity' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        name: 'Unique Intensity',
        pattern: /^(.+) Unique Intensity$/i,
        exclude: / MaxLFQ Unique Intensity$|^Combined /i,
        affixes: { prefix: '', suffix: ' Unique Intensity' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        name: 'Total Intensity',
        pattern: /^(.+) Total Intensity$/i,
        exclude: / MaxLFQ Total Intensity$|^Combined /i,
        affixes: { prefix: '', suffix: ' Total Intensity' },
        raw: true,
        zeroIsMissing: true,
      },
      {
        name: 'Spectral Count',
        pattern: /^(.+) Spectral Count$/i,
        exclude: /( Unique| Total| Razor) Spectral Count$|^Combined /i,
        affixes: { prefix: '', suffix: ' Spectral Count' },
        // Counts, not intensities: 0 is a measurement and there is no log of it; the values decide.
        raw: null,
        zeroIsMissing: false,
      },
      ...(['Razor', 'Unique', 'Total'] as const).map((kind) => ({
        name: `${kind} Spectral Count`,
        pattern: new RegExp(`^(.+) ${kind} Spectral Count$`, 'i'),
        exclude: /^Combined /i,
        affixes: { prefix: '', suffix: ` ${kind} Spectral Count` },
        raw: null,
        zeroIsMissing: false,
      })),
    ],
    labelColumns: ['Gene', 'Gene Names', 'Protein ID', 'Protein'],
    annotationColumns: ['Protein', 'Protein ID', 'Entry Name', 'Gene', 'Gene Names', 'Description'],
    flags: [
      { flag: 'decoy', markers: [], idColumns: ['Protein'], prefixes: DECOY_PREFIXES },
      { flag: 'contaminant', markers: [], idColumns: ['Protein'], prefixes: CONTAMINANT_PREFIXES },
    ],
    missingTokens: [],
  },
  {
    id: 'spectronaut',
    label: 'Spectronaut protein report',
    rows: 'protein groups',
    requires: [],
    requiresAny: ['PG.ProteinGroups', 'PG.ProteinAccessions', 'PG.Genes'],
    quantities: [
      {
        name: 'PG.Quantity',
        pattern: /^(?:\[\d+\]\s*)?(.+)\.PG\.Quantity$/i,
        affixes: { prefix: '', suffix: '.PG.Quantity' },
        raw: true,
        zeroIsMissing: false,
      },
    ],
    labelColumns: ['PG.Genes', 'PG.ProteinGroups', 'PG.ProteinAccessions'],
    annotationColumns: ['PG.ProteinGroups', 'PG.ProteinAccessions', 'PG.Genes', 'PG.ProteinDescriptions'],
    flags: [
      { flag: 'decoy', markers: [], idColumns: ['PG.ProteinGroups', 'PG.ProteinAccessions'], prefixes: DECOY_PREFIXES },
      { flag: 'contaminant', markers: [], idColumns: ['PG.ProteinGroups', 'PG.ProteinAccessions'], prefixes: CONTAMINANT_PREFIXES },
    ],
    missingTokens: ['Filtered'],
  },
  {
    // Thermo Proteome Discoverer 2.x/3.x "Proteins" export: `Abundance: F1: 126, Sample[, factor …]` (file id,
    // channel for TMT, the sample type, study factor values), R-friendly `Abundances Normalized F1 Sample`.
    id: 'proteome-discoverer',
    label: 'Proteome Discoverer proteins',
    rows: 'proteins',
    requires: ['Accession'],
    requiresAny: [
      'Master', 'Marked as', 'Protein FDR Confidence: Combined', 'Exp. q-value: Combined', 'Sum PEP Score', '# PSMs', 'Number of PSMs',
      '# AAs', 'Number of AAs',
    ],
    quantities: [
      { name: 'Abundances (Normalized)', pattern: pdAbundance('Abundances?\\W*\\(?Normali[sz]ed\\)?'), affixes: { prefix: 'Abundances (Normalized): ', suffix: ', Sample' }, raw: true, zeroIsMissing: false },
      { name: 'Abundance', pattern: pdAbundance('Abundances?'), affixes: { prefix: 'Abundance: ', suffix: ', Sample' }, raw: true, zeroIsMissing: false },
      { name: 'Abundances (Scaled)', pattern: pdAbundance('Abundances?\\W*\\(?Scaled\\)?'), affixes: { prefix: 'Abundances (Scaled): ', suffix: ', Sample' }, raw: true, zeroIsMissing: false },
      {
        // One value per sample group or channel, averaged over files (not a sample each when groups are conditions).
        name: 'Abundances (Grouped)',
        pattern: /^Abundances?\W*\(?Grouped\)?\W+(?!CV\b|Count\b)(.+?)\W*$/i,
        affixes: { prefix: 'Abundances (Grouped): ', suffix: '' },
        raw: true,
        zeroIsMissing: false,
      },
    ],
    labelColumns: ['Gene Symbol', 'Gene Name', 'Gene', 'Description', 'Accession'],
    annotationColumns: ['Accession', 'Description', 'Gene Symbol', 'Gene Name', 'Marked as', 'Protein FDR Confidence: Combined'],
    flags: [
      { flag: 'contaminant', markers: ['Contaminant'], idColumns: ['Accession'], prefixes: CONTAMINANT_PREFIXES },
      // PD marks one master protein per group; its candidates and members share its peptides (PD 3.1 user guide,
      // "master protein"): only masters are kept, as PD's default filter shows them.
      { flag: 'not-master', markers: ['Master'], keepValues: /^(IsMasterProtein|Master Protein|Master)$/i, idColumns: [], prefixes: [] },
    ],
    missingTokens: [],
  },
  {
    // PAW pipeline TMT protein summary (add_TMT_intensities.py): `TotInt_<channel>_<experiment>`, a `Filter`
    // column (reversed, contaminant), sample labels in the row above the header (Table.labelRow).
    id: 'paw',
    label: 'PAW protein summary',
    rows: 'protein groups',
    requires: ['ProtGroup', 'Accession'],
    requiresAny: ['Filter', 'CountsTot', 'UniqueTot', 'OtherLoci'],
    quantities: [
      { name: 'TotInt', pattern: /^TotInt[\s_.](.+)$/i, affixes: { prefix: 'TotInt_', suffix: '' }, raw: true, zeroIsMissing: true },
    ],
    labelColumns: ['Description', 'Accession'],
    annotationColumns: ['Accession', 'Description', 'Identical', 'Similar', 'OtherLoci'],
    flags: [
      { flag: 'decoy', markers: ['Filter'], idColumns: ['Accession'], prefixes: ['REV_', ...DECOY_PREFIXES] },
      { flag: 'contaminant', markers: ['Filter'], idColumns: ['Accession'], prefixes: CONTAMINANT_PREFIXES },
    ],
    missingTokens: [],
  },
];

/**
 * Column names that describe proteins, as loose names (spec-match.ts looseName), for tables of unknown layout:
 * proteins × samples is proposed. `pg` is AlphaDIA's protein-group column (alphabase pg_reader.yaml),
 * `protein id` TMT-Integrator's `ProteinID` once loosened.
 */
export const PROTEIN_COLUMN =
  /^(protein|proteins|protein ?ids?|majority protein ids|protein groups?|accession|accessions|uniprot( ?id| accession| ids)?|entry|entry name|gene|genes|gene names?|gene symbol|symbol|pg|pg name|pg proteingroups|pg proteinaccessions|pg genes|proteinid|master protein accessions?)$/i;

/** UniProt accession (a protein id list starts with one). */
export const UNIPROT = /^(?:(?:sp|tr)\|)?([OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9](?:[A-Z][A-Z0-9]{2}[0-9]){1,2})(?:-\d+)?(?:[|;_ ]|$)/;
