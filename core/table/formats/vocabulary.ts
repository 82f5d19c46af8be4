/**
 * The words column names of protein tables are made of, as the tools' documentation uses them, sorted into
 * what they say a column holds:
 *
 * - quantity words name what is measured per sample ("LFQ intensity", "Abundances (Normalized)", "TotInt",
 *   "Spectral Count", "PG.Quantity", "NPX") or qualify it ("corrected", "razor", "unique", "total", "log2");
 * - statistic words name a per-protein statistic or property that is never a sample (peptide and PSM counts,
 *   probabilities, q-values, PEP, scores, coverage, molecular weight, length, pI, reference intensities, fold
 *   changes, p-values, limma's t, B and AveExpr, group means, SDs and CVs).
 *
 * Sources: MaxQuant output tables (cox-labs.github.io/coxdocs/output_tables.html: Peptides, Razor + unique
 * peptides, Sequence coverage [%], Mol. weight [kDa], Q-value, Score, MS/MS count, Reporter intensity count);
 * FragPipe/Philosopher combined protein reports (Nesvilab/philosopher lib/rep: Protein Probability, Top Peptide
 * Probability, Total/Unique/Razor Spectral Count and Intensity); TMT-Integrator (Index, NumberPSM, MaxPepProb,
 * ReferenceIntensity); Proteome Discoverer 3.1 user guide, Proteins page (# AAs, # Peptides, # PSMs, Coverage
 * [%], MW [kDa], calc. pI, Score Sequest HT, Exp. q-value, Sum PEP Score, Abundances Count, Abundance Ratio
 * (P-Value)); DIA-NN README (N.Sequences, Protein.Q.Value, Global.PG.Q.Value); Spectronaut reports (PG.Qvalue,
 * PG.NrOfStrippedSequencesIdentified); PAW pipeline (github.com/pwilmart/PAW_pipeline: TotInt, Total, Unique,
 * Corrected, PSMs_Used, CountsTot, UniqFrac); limma topTable (logFC, AveExpr, t, P.Value, adj.P.Val, B), DESeq2
 * and edgeR result tables (baseMean, log2FoldChange, lfcSE, stat, pvalue, padj, logCPM, PValue, FDR).
 *
 * @example nameWords('ReferenceIntensity') // Set { 'referenceintensity', 'reference', 'intensity' }
 * @example isStatisticName('Razor + unique peptides H1') // true; isStatisticName('LFQ intensity H1') // false
 */

/**
 * The words of a name, lower case: its runs of letters and digits, and the parts of camel-case runs
 * (`TotInt` → tot, int; `MaxPepProb` → max, pep, prob; `log2FoldChange` → log2, fold, change), each run kept
 * whole as well (`iBAQ` → ibaq, i, baq).
 */
export function nameWords(name: string): Set<string> {
  const words = new Set<string>();
  for (const run of name.split(/[^A-Za-z0-9]+/)) {
    if (run === '') continue;
    words.add(run.toLowerCase());
    const parts = run.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/);
    if (parts.length > 1) for (const p of parts) words.add(p.toLowerCase());
  }
  return words;
}

/**
 * The name's words (camel-case runs split) joined by single spaces, lower case and padded, for phrases:
 * "Mol. weight [kDa]" → " mol weight kda ", "PG.MolecularWeight" → " pg molecular weight ".
 */
export function wordString(name: string): string {
  const words: string[] = [];
  for (const run of name.split(/[^A-Za-z0-9]+/)) {
    if (run === '') continue;
    for (const p of run.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)) words.push(p.toLowerCase());
  }
  return ` ${words.join(' ')} `;
}

/** Words that name a measured quantity per sample. */
const QUANTITY_WORDS = new Set([
  'intensity', 'intensities', 'int', 'totint', 'lfq', 'maxlfq', 'directlfq', 'ibaq', 'abundance', 'abundances', 'abund',
  'quantity', 'quantities', 'quant', 'area', 'areas', 'reporter', 'npx', 'rfu', 'spectral', 'spc', 'top3', 'expression',
]);

/** Words that qualify a quantity (never part of a sample's name in the tools' own headers). */
const QUALIFIER_WORDS = new Set([
  'normalized', 'normalised', 'norm', 'corrected', 'uncorrected', 'scaled', 'grouped', 'unique', 'razor', 'total', 'summed',
  'log', 'log2', 'log10', 'ln',
]);

/** Words that name a per-protein statistic or property. */
const STATISTIC_WORDS = new Set([
  'pvalue', 'pval', 'padj', 'fdr', 'qvalue', 'qval', 'pep', 'prob', 'probability', 'probabilities', 'score', 'scores',
  'coverage', 'mw', 'kda', 'mass', 'length', 'len', 'pi', 'aas', 'naa', 'peptide', 'peptides', 'psm', 'psms', 'sequences',
  'isoforms', 'charge', 'fc', 'logfc', 'log2fc', 'foldchange', 'aveexpr', 'average', 'avg', 'mean', 'median', 'sd', 'std',
  'stdev', 'sem', 'cv', 'variance', 'statistic', 'ttest', 'anova', 'significant', 'significance', 'difference', 'rank',
  'reference', 'id', 'ids', 'basemean', 'lfcse', 'logcpm', 'frac', 'fraction', 'variability',
]);

/** "median normalized", "mean-centred": how a quantity was normalised, not a group summary. */
const NORMALISATION_PHRASE = / (mean|median) (normali[sz]ed|cent(er|re)d|scaled) /g;

/** Phrases (padded word strings) naming statistics. */
const STATISTIC_PHRASES = [
  ' p value', ' p val ', ' adj p', ' q value', ' q val ', ' fold change', ' mol weight', ' molecular weight', ' number of ',
  ' t test', ' test statistic', ' calc pi', ' n sequences', ' n proteotypic', ' nr of',
];

/** Names that are a statistic only as a whole name and beside test results (limma's t and B, DESeq2's stat, edgeR's F and LR). */
const WHOLE_NAME_STATISTICS = new Set(['t', 'b', 'f', 'lr', 'stat', 'se', 'z']);

export type WordClass = 'quantity' | 'statistic' | null;

export interface WordContext {
  /**
   * The table holds test results (a p-value, fold change, AveExpr column): then `t` and `B` alone are limma's
   * statistics, not samples named T and B.
   */
  testResults?: boolean;
}

/**
 * What the name's words say about a column: 'statistic' (a per-protein statistic: never a sample),
 * 'quantity' (a measured quantity: may be one sample of a family), or null (nothing: a bare name).
 * A count is a statistic when it counts peptides, PSMs or reporter ions (`Abundances Count`, `Reporter
 * intensity count`, `Peptide count`), a quantity when it counts spectra (`Spectral Count`, `MS/MS count`).
 */
export function wordClass(name: string, context: WordContext = {}): WordClass {
  const phrase = wordString(name).replace(NORMALISATION_PHRASE, ' $2 ');
  const words = new Set([...nameWords(name)].filter((w) => phrase.includes(` ${w} `) || !/^(mean|median)$/.test(w)));
  const whole = phrase.trim();
  if (context.testResults && WHOLE_NAME_STATISTICS.has(whole)) return 'statistic';
  if (STATISTIC_PHRASES.some((p) => phrase.includes(p))) return 'statistic';
  for (const w of words) if (STATISTIC_WORDS.has(w)) return 'statistic';
  const counts = words.has('count') || words.has('counts');
  const spectra = words.has('spectral') || words.has('spc') || phrase.includes(' ms ms ') || words.has('spectra');
  if (counts && !spectra) {
    // "Abundances Count", "Reporter intensity count": the ions or PSMs behind a quantity, not the quantity.
    if ([...words].some((w) => QUANTITY_WORDS.has(w))) return 'statistic';
    return 'quantity';
  }
  if (counts || spectra) return 'quantity';
  for (const w of words) if (QUANTITY_WORDS.has(w) || QUALIFIER_WORDS.has(w)) return 'quantity';
  return null;
}

/**
 * The column name is a per-protein statistic or property (wordClass 'statistic') by itself: a short name
 * (5 words or fewer: `Q-value`, `Razor + unique peptides H1`), or one where a statistic's words are a quarter of
 * the words or more. A long run name that happens to hold such a word (`…_FAIMS_CV-50_…_bcmk10.raw`) is not:
 * there, the template a family of such names shares decides (families.ts).
 */
export function isStatisticName(name: string, context: WordContext = {}): boolean {
  if (wordClass(name, context) !== 'statistic') return false;
  const phrase = wordString(name);
  const words = phrase.trim().split(' ').filter((w) => w !== '');
  if (words.length <= 5) return true;
  let hits = words.filter((w) => STATISTIC_WORDS.has(w)).length;
  for (const p of STATISTIC_PHRASES) if (phrase.includes(p)) hits += p.trim().split(' ').length;
  return 4 * hits >= words.length;
}

/** Words a sample's own name never holds in the tools' headers: quantities, their qualifiers, counts, ratios. */
const PART_WORDS = new Set([...QUANTITY_WORDS, ...QUALIFIER_WORDS, 'count', 'counts', 'spectra', 'ratio', 'ratios']);

/** The word (nameWords) is a quantity word, qualifier, count or ratio: a sample part holding it is no sample's name. */
export function isPartWord(word: string): boolean {
  return PART_WORDS.has(word);
}

/**
 * The word ends or starts a template's fixed text: a part word (isPartWord) or a statistic's word. A template
 * is cut only next to such words (families.ts), as the quantity's description is made of them.
 */
export function isAnchorWord(word: string): boolean {
  return PART_WORDS.has(word) || STATISTIC_WORDS.has(word);
}

/** The text (a sample part of a name) holds a quantity word, qualifier, count or ratio (isPartWord). */
export function hasVocabulary(text: string): boolean {
  for (const w of nameWords(text)) if (PART_WORDS.has(w)) return true;
  return false;
}

/**
 * How strongly a family's fixed words make it the quantity a scientist fits (0 first): normalised, LFQ and
 * corrected reporter intensities (0); plain intensities, abundances, quantities, areas, NPX, log values (1);
 * iBAQ and grouped or scaled abundances (2); names without a quantity word (3); ratios (4); spectral counts (5).
 * @example quantityTier('LFQ intensity ') // 0; quantityTier(' Spectral Count') // 5
 */
export function quantityTier(fixed: string): number {
  const words = nameWords(fixed);
  const phrase = wordString(fixed);
  if (words.has('count') || words.has('counts') || words.has('spectral') || words.has('spc') || phrase.includes(' ms ms ')) return 5;
  if (words.has('ratio') || words.has('ratios')) return 4;
  if (words.has('ibaq') || words.has('grouped') || words.has('scaled') || words.has('top3')) return 2;
  if (words.has('lfq') || words.has('maxlfq') || words.has('directlfq') || words.has('normalized') || words.has('normalised') || words.has('corrected')) return 0;
  for (const w of words) if (QUANTITY_WORDS.has(w) || QUALIFIER_WORDS.has(w)) return 1;
  return 3;
}

/** The fixed words say the values are logarithms ("log2 LFQ", "Log10 intensity"): raw false. */
export function saysLogarithmic(fixed: string): boolean {
  const words = nameWords(fixed);
  return words.has('log') || words.has('log2') || words.has('log10') || words.has('ln');
}

/**
 * Column names of a table of test results (limma topTable, DESeq2, edgeR, a fold change beside a p-value), as
 * loose names (looseName). A table is one when it has no samples and a p-value column beside a fold change,
 * a t or AveExpr column.
 */
export function testResultKind(name: string): 'p-value' | 'effect' | null {
  const phrase = wordString(name);
  const words = nameWords(name);
  if (words.has('pvalue') || words.has('pval') || words.has('padj') || words.has('fdr') || words.has('qvalue') || phrase.includes(' p value') || phrase.includes(' adj p') || phrase.includes(' p val ') || phrase.includes(' q value')) {
    return 'p-value';
  }
  if (words.has('logfc') || words.has('log2fc') || words.has('fc') || words.has('foldchange') || phrase.includes(' fold change') || words.has('aveexpr') || words.has('difference') || words.has('basemean')) {
    return 'effect';
  }
  if (phrase.trim() === 't' || phrase.trim() === 'stat' || phrase.includes(' test statistic')) return 'effect';
  return null;
}

/** TMT / iTRAQ reporter channel names: 126, 127N, 127C, …, 135N (TMT 6–18-plex), 113–121 (iTRAQ). */
export const REPORTER_CHANNEL = /^(1[23]\d[NC]?|11[3-9]|12[01])$/i;

/** Proteome Discoverer file ids (Input Files table "File ID"): F1, F12, F3.1. */
export const FILE_ID = /^F\d+(\.\d+)?$/;

/** A replicate index: 1, 01, R1, rep2, Rep_3 (as a token). */
export const REPLICATE_INDEX = /^(r|rep|replicate|br|tr)?\d{1,2}$/i;

/**
 * Header names that are a table of test results and nothing else (a workbook's default sheet is never one):
 * a p-value column, an effect column (fold change, t, AveExpr), and as many statistic names as other names.
 * @example looksLikeTestResults(['Gene', 'logFC', 'AveExpr', 't', 'P.Value', 'adj.P.Val', 'B']) // true
 */
export function looksLikeTestResults(names: readonly (string | null)[]): boolean {
  const present = names.filter((n): n is string => n !== null && n.trim() !== '');
  const kinds = present.map(testResultKind);
  if (!kinds.includes('p-value') || !kinds.includes('effect')) return false;
  const statistics = present.filter((n) => wordClass(n, { testResults: true }) === 'statistic').length;
  return statistics >= present.length - statistics;
}
