/**
 * The layouts of the quantification software we recognise, as data: how to tell the file, which columns hold
 * which quantity per sample, where the protein label comes from, which rows the software flags, and what
 * "not measured" looks like. recognize.ts reads these; adding a format is adding an entry.
 *
 * Column names are compared after dropping Perseus' Excel type prefix ("T: ") and case (see `normalName`).
 * Sources: MaxQuant proteinGroups.txt (tables.pdf of MaxQuant 2.x), DIA-NN's *.pg_matrix.tsv (DIA-NN README,
 * "Main output reports"), FragPipe's combined_protein.tsv (FragPipe docs, "Output"), Spectronaut protein
 * reports (`[n] Run.PG.Quantity`), Perseus matrices (`#!{Type}` row).
 */
import type { FlagKind, FormatId } from '../types.js';

export interface QuantitySpec {
  name: string;
  /** Matches a (normalised-prefix) column name; group 1 is the sample part. */
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
  /** Candidate names of a column marking flagged rows with "+". */
  markers: string[];
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

export const FORMATS: readonly FormatSpec[] = [
  {
    id: 'maxquant',
    label: 'MaxQuant proteinGroups',
    rows: 'protein groups',
    requires: [],
    requiresAny: ['Majority protein IDs', 'Protein IDs'],
    quantities: [
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
        exclude: /^Intensity [LHM]$/,
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
      {
        name: 'Reporter intensity corrected',
        pattern: /^Reporter intensity corrected (.+)$/i,
        affixes: { prefix: 'Reporter intensity corrected ', suffix: '' },
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
        name: 'Spectral Count',
        pattern: /^(.+) Spectral Count$/i,
        exclude: /( Unique| Total| Razor) Spectral Count$|^Combined /i,
        affixes: { prefix: '', suffix: ' Spectral Count' },
        // Counts, not intensities: 0 is a measurement and there is no log of it; the values decide.
        raw: null,
        zeroIsMissing: false,
      },
    ],
    labelColumns: ['Gene', 'Protein ID', 'Protein'],
    annotationColumns: ['Protein', 'Protein ID', 'Entry Name', 'Gene', 'Description'],
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
];

/** Column names that describe proteins (for tables of unknown layout: proteins × samples is proposed). */
export const PROTEIN_COLUMN = /^(protein|proteins|protein ?ids?|majority protein ids|protein group|protein\.group|accession|accessions|uniprot( ?id| accession)?|entry|entry name|gene|genes|gene names?|gene symbol|symbol|pg\.proteingroups)$/i;

/** UniProt accession (a protein id list starts with one). */
export const UNIPROT = /^(?:(?:sp|tr)\|)?([OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9](?:[A-Z][A-Z0-9]{2}[0-9]){1,2})(?:-\d+)?(?:[|;_ ]|$)/;

/** Numeric columns of a protein table that are statistics or properties, not samples. */
export const NOT_A_SAMPLE =
  /(p[-. ]?value|q[-. ]?value|fdr|fold|log ?fc|score|mol\. ?weight|molecular weight|kda|length|coverage|peptides?|count|ratio|t-test|test statistic|difference|significant|probability|existence|number of|sequences?|charge|pep\b|^n:|^no\.?$|^#|position|index|rank)/i;
