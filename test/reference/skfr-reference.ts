/**
 * A deliberately plain reference implementation of SKFR (Zhang, Lange & Xu, NeurIPS 2020, Sections 2–3):
 * Algorithm 1 (SKFR1, one global set of s features), Algorithm 2 (SKFR2, s features per cluster), the L1
 * variant (absolute loss, medians) and the k-POD fill of missing cells — written line by line from the
 * paper, dense and slow (every distance over all p features, every center from a fresh pass over the data),
 * on plain number[][] arrays. It shares NO code with core/engine (nothing is imported from core/): it is
 * the independent oracle of test/reference/agreement.test.ts.
 *
 * It starts from a given partition (every cluster non-empty), as the paper's pseudocode does ("Input: …,
 * initial clusters C_j"); the engine's matching entry is runRestart(prepareFit(X, o), r, { labels, counts })
 * (the warm start of core/engine/restart.ts), which skips the k-means++ seeding.
 *
 * Where the paper leaves a detail open, the reference follows the engine's documented choice (module
 * comments of core/engine/restart.ts, rank.ts, standardize.ts, and the README), each marked ENGINE CHOICE
 * below:
 *   - standardisation: observed mean and sample sd (n_l − 1); a column with < 2 observed values or all
 *     observed values equal is "zero-variance": all 0 (when standardised), never ranked nor selected, and
 *     s' = min(s, usable features) are kept;
 *   - ties: the ranking keeps the lower feature index; the assignment keeps a sample in its current
 *     cluster (its label before the iteration) when that cluster is among the nearest, else it takes the
 *     lowest cluster index among the nearest (engine: core/engine/assign.ts, TIE — "nearest" up to 1e-12
 *     of the row's distance scale there, up to 1e-9 relative here). With "lowest index" alone, two clusters
 *     with equal centers traded their tied samples every iteration in the engine, whose last-bit residues
 *     decided each time; a label that changes only for a real gain cannot cycle;
 *   - convergence: an iteration in which no label changes (or maxIterations iterations);
 *   - empty clusters (paper: silent): the sample farthest from its center among clusters with ≥ 2
 *     samples (lowest index on ties) moves to the empty cluster, whose sparse center becomes that sample's
 *     own values on L (SKFR1) or on the sample's s' largest |y_il| (SKFR2);
 *   - k-POD order (README, "Choices that differ from the design notes"): missing cells start at their
 *     column's observed mean (0 when standardised); plain SKFR runs on that fill until no label changes
 *     (phase 1), and only then each missing cell takes the current sparse center of its sample's cluster,
 *     every iteration, until no label changes again (phase 2). The paper's text fills from the first
 *     iteration; the README documents the later start as a deliberate choice (the order of the authors'
 *     sparsekpod.jl), so the reference follows it;
 *   - objective trace: in phase 1 the objective is that of the mean-filled data (all cells), in phase 2
 *     (and without missing cells) the paper's k-POD objective over observed cells only; the final
 *     objective is always the observed-cells one.
 *
 * Floating point: the reference computes every quantity directly from its definition, in another order
 * than the engine's incremental sums, so the two agree to rounding (≈1e-15 relative), and a decision
 * between candidates equal up to rounding (within 1e-9 relative: a "near tie") is not settled by the
 * arithmetic. The reference treats near ties as ties and breaks them by the documented rule (lowest
 * feature / sample index; current, else lowest, cluster index), and counts them in `nearTies`. Where the engine's rounding broke such
 * a tie otherwise, a run "steered" by the engine's own choices (see `Steering`) follows those choices —
 * only among the near-tied candidates — so a test can still demand agreement on everything else.
 */

export type RefVariant = 'global' | 'local';
export type RefLoss = 'squared' | 'absolute';

export interface RefOptions {
  k: number;
  s: number;
  variant: RefVariant;
  loss: RefLoss;
  /** true: the engine's scale 'unit-variance'; false: 'none' (centred only). */
  standardize: boolean;
  maxIterations: number;
}

export interface RefPrepared {
  /** Working data in the fitted scale; missing cells hold their starting fill. */
  Y: number[][];
  /** true where the input cell is missing (NaN or ±Infinity). */
  missing: boolean[][];
  /** true for features that may be ranked (not zero-variance). */
  usable: boolean[];
  /** Starting value of a missing cell in column l: its observed mean in the fitted scale (0 standardised). */
  fill: number[];
}

export interface RefResult {
  labels: number[];
  clusterSizes: number[];
  /** μ_j: within-cluster means (medians for the absolute loss) of the filled data, k × p. */
  means: number[][];
  /** θ_j: μ_j on the selected features, 0 elsewhere (after any empty-cluster repair), k × p. */
  centers: number[][];
  /** SKFR1: [L] (one set); SKFR2: [L_1, …, L_k]. Each sorted by increasing feature index. */
  selected: number[][];
  /** d_jl, k × p (0 for zero-variance features). */
  clusterScores: number[][];
  /** d_l = Σ_j d_jl. */
  scores: number[];
  objective: number;
  trace: number[];
  iterations: number;
  converged: boolean;
  /** Final working data (missing cells hold their last k-POD fill). */
  Y: number[][];
  /** Decisions taken between two candidates within 1e-9 relative of each other. */
  nearTies: number;
  /** Iterations that ran with k-POD fills (phase 2). */
  phase2Iterations: number;
  /** Empty clusters repaired. */
  emptyRepairs: number;
}

/** Two values within 1e-9 relative (floor 1): a decision between them is up to rounding. */
function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

function isMissing(x: number): boolean {
  return !Number.isFinite(x);
}

/**
 * "Both versions begin by standardizing each feature to have zero mean and unit variance" (Section 2),
 * over observed entries; without standardising (the engine's scale 'none') each feature is still centred,
 * as the ranking assumes ("assume each feature is centered at the origin"). Missing cells get their
 * column's observed mean in the fitted scale (k-POD's starting fill): 0 either way.
 */
export function prepareReference(X: number[][], standardize: boolean): RefPrepared {
  const n = X.length;
  const p = X[0]!.length;
  const Y: number[][] = [];
  const missing: boolean[][] = [];
  for (let i = 0; i < n; i++) {
    Y.push(new Array<number>(p).fill(0));
    missing.push(X[i]!.map(isMissing));
  }
  const usable: boolean[] = [];
  const fill: number[] = [];
  for (let l = 0; l < p; l++) {
    const values: number[] = [];
    for (let i = 0; i < n; i++) if (!missing[i]![l]) values.push(X[i]![l]!);
    let sum = 0;
    for (const x of values) sum += x;
    const mean = values.length > 0 ? sum / values.length : 0;
    let ss = 0;
    for (const x of values) ss += (x - mean) * (x - mean);
    // ENGINE CHOICE: fewer than two observed values, or all equal → zero-variance (never ranked).
    const allEqual = values.every((x) => x === values[0]);
    const zeroVariance = values.length < 2 || allEqual;
    usable.push(!zeroVariance);
    const sd = zeroVariance ? 0 : Math.sqrt(ss / (values.length - 1));
    // (x − mean)/sd, written as (x − mean)·(1/sd): mathematically the same, and rounded as the engine
    // rounds it, so that columns equal up to location and scale stay equal bit for bit in both (their
    // exact ties are then broken by the documented rule in both, not by a last-bit difference).
    const inverseSd = zeroVariance ? 0 : 1 / sd;
    fill.push(0);
    for (let i = 0; i < n; i++) {
      if (missing[i]![l]) Y[i]![l] = fill[l]!;
      else if (!standardize) Y[i]![l] = zeroVariance ? 0 : X[i]![l]! - mean;
      else Y[i]![l] = zeroVariance ? 0 : (X[i]![l]! - mean) * inverseSd;
    }
  }
  return { Y, missing, usable, fill };
}

/** Median of a list (mean of the two middle values for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const h = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[h]! : (sorted[h - 1]! + sorted[h]!) / 2;
}

/** The loss of one coordinate: (y − θ)² for k-means, |y − θ| for the L1 version. */
function loss(e: number, absolute: boolean): number {
  return absolute ? Math.abs(e) : e * e;
}

/**
 * "Let L be the set of features l with rank(l) ≤ s": the `count` usable features with the largest
 * value; ENGINE CHOICE: ties to the lower feature index. Returns them sorted by feature index, and
 * whether the cut between rank `count` and rank `count + 1` is a near tie. The features within rounding
 * of the cut value are tied: the lowest indices among them are taken, unless a steered run is `told`
 * either the set to take (when it is one of the valid choices) or the values the engine ranked (the tied
 * features are then taken in the engine's order).
 */
function topByRank(
  value: number[],
  usable: boolean[],
  count: number,
  told?: { set?: readonly number[]; values?: readonly number[] },
): { set: number[]; nearTie: boolean } {
  const candidates: number[] = [];
  for (let l = 0; l < value.length; l++) if (usable[l]) candidates.push(l);
  candidates.sort((a, b) => (value[b]! !== value[a]! ? value[b]! - value[a]! : a - b));
  if (count >= candidates.length) return { set: candidates.sort((a, b) => a - b), nearTie: false };
  const cut = value[candidates[count - 1]!]!;
  const group = candidates.filter((l) => nearlyEqual(value[l]!, cut)).sort((a, b) => a - b);
  const sure = candidates.filter((l) => !group.includes(l) && value[l]! > cut);
  const slots = count - sure.length;
  const nearTie = group.length > slots;
  let chosen = group.slice(0, slots);
  if (nearTie && told?.set !== undefined) {
    const steered = group.filter((l) => told.set!.includes(l));
    if (steered.length === slots) chosen = steered;
  } else if (nearTie && told?.values !== undefined) {
    const v = told.values;
    chosen = [...group].sort((a, b) => (v[b]! !== v[a]! ? v[b]! - v[a]! : a - b)).slice(0, slots);
  }
  return { set: [...sure, ...chosen].sort((a, b) => a - b), nearTie };
}

/**
 * A steered run breaks near ties as the engine did: `steer(t)` reports the engine's state after iteration
 * t (read from the engine stopped after t iterations), and among near-tied candidates the reference takes
 * the engine's choice when it is one of them — never a candidate outside the near tie. A steered run that
 * agrees with the engine shows that the engine differs from the plain run only in how rounding broke ties.
 */
export type Steering = (iteration: number) => SteeringChoices | undefined;

export interface SteeringChoices {
  /** Labels after iteration t (after any empty-cluster repair). */
  labels: readonly number[];
  /** The ranking values of iteration t: [d_l] for SKFR1, [d_1l, …, d_kl] for SKFR2. */
  scores: ReadonlyArray<readonly number[]>;
  /** The selected sets after iteration t: [L] for SKFR1, [L_1, …, L_k] for SKFR2 (repaired ones included). */
  selected: ReadonlyArray<readonly number[]>;
  /**
   * Clusters filled by the empty-cluster repair at iteration t (center ≠ mean on the selected features):
   * their sample was moved there, not assigned there, so the assignment does not follow its label.
   */
  repaired: readonly boolean[];
}

/**
 * Run SKFR from the partition `start` (0-based labels, all k clusters non-empty) on X (n × p, NaN =
 * missing), to convergence. See the module comment for the engine choices it mirrors.
 */
export function skfrReference(X: number[][], start: readonly number[], options: RefOptions, steer?: Steering): RefResult {
  const { k, s, variant, loss: lossName, standardize, maxIterations } = options;
  const absolute = lossName === 'absolute';
  const local = variant === 'local';
  const n = X.length;
  const p = X[0]!.length;
  const { Y, missing, usable } = prepareReference(X, standardize);
  let usableCount = 0;
  for (let l = 0; l < p; l++) if (usable[l]) usableCount++;
  // ENGINE CHOICE: when fewer than s features vary, all usable ones are kept.
  const sEff = Math.min(s, usableCount);
  let anyMissing = false;
  for (let i = 0; i < n; i++) for (let l = 0; l < p; l++) if (missing[i]![l]) anyMissing = true;

  const zeros = (): number[][] => Array.from({ length: k }, () => new Array<number>(p).fill(0));
  let labels = [...start];
  let means = zeros();
  let theta = zeros();
  let clusterScores = zeros();
  let scores = new Array<number>(p).fill(0);
  let selected: number[][] = [];
  const trace: number[] = [];
  let objective = Infinity;
  let iterations = 0;
  let converged = false;
  let nearTies = 0;
  let phase2Iterations = 0;
  let emptyRepairs = 0;
  // k-POD phase 2 ("filling") starts once the labels settle on the mean fill (ENGINE CHOICE, README).
  let filling = false;
  let observedObjective = !anyMissing;

  // The paper's k-POD objective: Σ_j Σ_{i∈C_j} Σ_{(i,l)∈Ω} loss(x_il − θ_jl); `allCells` adds the
  // missing cells at their current fill (the mean-filled objective of phase 1).
  const objectiveOf = (lab: number[], th: number[][], allCells: boolean): number => {
    let f = 0;
    for (let i = 0; i < n; i++) {
      for (let l = 0; l < p; l++) {
        if (missing[i]![l] && !allCells) continue;
        f += loss(Y[i]![l]! - th[lab[i]!]![l]!, absolute);
      }
    }
    return f;
  };

  for (let iter = 1; iter <= maxIterations; iter++) {
    iterations = iter;
    const told = steer?.(iter);

    // k-POD (Section 3, "Missing data"): "define y_il by x_il for (i,l) ∈ Ω and by θ_jl for (i,l) ∉ Ω
    // and x_i assigned to cluster j … each missing x_il is filled in by the current best guess of its value".
    if (filling) {
      phase2Iterations++;
      for (let i = 0; i < n; i++) for (let l = 0; l < p; l++) if (missing[i]![l]) Y[i]![l] = theta[labels[i]!]![l]!;
    }

    // "for each cluster j: μ_j = (1/|C_j|) Σ_{x_i ∈ C_j} x_i" — or, for the ℓ1 version, "replacing the
    // within-cluster means of SKFR1 by within-cluster medians".
    const members: number[][] = Array.from({ length: k }, () => []);
    for (let i = 0; i < n; i++) members[labels[i]!]!.push(i);
    means = zeros();
    clusterScores = zeros();
    for (let j = 0; j < k; j++) {
      const C = members[j]!;
      for (let l = 0; l < p; l++) {
        const column = C.map((i) => Y[i]![l]!);
        if (absolute) {
          means[j]![l] = median(column);
        } else {
          let sum = 0;
          for (const y of column) sum += y;
          means[j]![l] = sum / C.length;
        }
        const mu = means[j]![l]!;
        // Ranking criterion of cluster j and feature l:
        //   squared: d_jl = Σ_{i∈C_j} (x_il − 0)² − Σ_{i∈C_j} (x_il − μ_jl)² = |C_j| μ_jl²  (Section 2);
        //   absolute: d_jl = Σ_{i∈C_j} |x_il − 0| − Σ_{i∈C_j} |x_il − μ_jl|  (Section 3, "Outliers").
        // We compute the squared one as |C_j| μ_jl², the paper's closed form.
        if (!usable[l]) continue; // ENGINE CHOICE: zero-variance features score 0 and are never ranked.
        if (absolute) {
          let before = 0;
          let after = 0;
          for (const y of column) {
            before += Math.abs(y);
            after += Math.abs(y - mu);
          }
          clusterScores[j]![l] = before - after;
        } else {
          clusterScores[j]![l] = C.length * mu * mu;
        }
      }
    }
    // "Rank l by criterion d_l = Σ_j |C_j| μ_jl²" (SKFR1); SKFR2 ranks d_jl within each cluster.
    scores = new Array<number>(p).fill(0);
    for (let l = 0; l < p; l++) for (let j = 0; j < k; j++) scores[l]! += clusterScores[j]![l]!;

    // "Let L be the set of features l with rank(l) ≤ s" (SKFR1) / "Let L_j be …" per cluster (SKFR2).
    selected = [];
    if (local) {
      for (let j = 0; j < k; j++) {
        const top = topByRank(clusterScores[j]!, usable, sEff, told && { values: told.scores[j]! });
        if (top.nearTie) nearTies++;
        selected.push(top.set);
      }
    } else {
      const top = topByRank(scores, usable, sEff, told && { values: told.scores[0]! });
      if (top.nearTie) nearTies++;
      selected.push(top.set);
    }
    // "Each informative component θ_jl of cluster j is then set equal to the within-cluster mean μ_jl,
    // and the remaining p − s uninformative features are left at zero."
    theta = zeros();
    for (let j = 0; j < k; j++) for (const l of selected[local ? j : 0]!) theta[j]![l] = means[j]![l]!;

    // "Assign x_i to the cluster C_j such that j minimizes Σ_{l∈L} (x_il − μ_jl)² + Σ_{l∉L} x_il²",
    // i.e. the distance to θ_j over all p features (the ℓ1 version: Σ_l |x_il − θ_jl|).
    // ENGINE CHOICE: ties keep the sample's current cluster, else go to the lower cluster index.
    const newLabels: number[] = [];
    const dist: number[] = [];
    for (let i = 0; i < n; i++) {
      const d: number[] = [];
      for (let j = 0; j < k; j++) {
        let sum = 0;
        for (let l = 0; l < p; l++) sum += loss(Y[i]![l]! - theta[j]![l]!, absolute);
        d.push(sum);
      }
      let best = 0;
      for (let j = 1; j < k; j++) if (d[j]! < d[best]!) best = j;
      // Near-tied clusters: the sample's current cluster if it is one of them, else the lowest index; or
      // (steered) the engine's cluster if it is one of them. A sample the engine's repair moved went,
      // before the repair, to one of the other tied clusters.
      const tied: number[] = [];
      for (let j = 0; j < k; j++) if (nearlyEqual(d[j]!, d[best]!)) tied.push(j);
      if (tied.length > 1) {
        nearTies++;
        const current = labels[i]!;
        best = tied.includes(current) ? current : tied[0]!;
        const want = told?.labels[i];
        if (want !== undefined && tied.includes(want) && !told!.repaired[want]) best = want;
        else if (want !== undefined && told!.repaired[want]) {
          // Its cluster before the move is not reported: its current cluster when tied (the engine's
          // rule), else a tied one that the engine's labels still show with ≥ 2 samples (a guess that
          // keeps the other clusters' sizes as reported), else any tied one.
          const size = (j: number): number => told!.labels.filter((c) => c === j).length;
          best =
            (tied.includes(current) && !told!.repaired[current] ? current : undefined) ??
            tied.find((j) => !told!.repaired[j] && size(j) >= 2) ??
            tied.find((j) => !told!.repaired[j]) ??
            best;
        }
      }
      newLabels.push(best);
      dist.push(d[best]!);
    }

    // ENGINE CHOICE (paper: silent): an empty cluster takes the sample farthest from its center among the
    // clusters with ≥ 2 samples (lowest index on ties); its sparse center becomes that sample's values.
    const counts = new Array<number>(k).fill(0);
    for (const c of newLabels) counts[c]!++;
    for (let j = 0; j < k; j++) {
      if (counts[j]! > 0) continue;
      emptyRepairs++;
      let far = -1;
      for (let i = 0; i < n; i++) {
        if (counts[newLabels[i]!]! < 2) continue;
        if (far < 0 || dist[i]! > dist[far]!) far = i;
      }
      // Near-tied farthest samples: the lowest index, or (steered) the one the engine moved here.
      const tied: number[] = [];
      for (let i = 0; i < n; i++) if (counts[newLabels[i]!]! >= 2 && nearlyEqual(dist[i]!, dist[far]!)) tied.push(i);
      if (tied.length > 1) {
        nearTies++;
        far = tied.find((i) => told?.labels[i] === j) ?? tied[0]!;
      }
      counts[newLabels[far]!]!--;
      newLabels[far] = j;
      counts[j] = 1;
      let keep: number[];
      if (local) {
        // SKFR2: the sample's own s' largest |y_il| become L_j.
        const top = topByRank(Y[far]!.map((y) => Math.abs(y)), usable, sEff, told && { set: told.selected[j]! });
        if (top.nearTie) nearTies++;
        keep = top.set;
        selected[j] = keep;
      } else {
        keep = selected[0]!;
      }
      theta[j] = new Array<number>(p).fill(0);
      for (const l of keep) theta[j]![l] = Y[far]![l]!;
      let d = 0;
      for (let l = 0; l < p; l++) d += loss(Y[far]![l]! - theta[j]![l]!, absolute);
      dist[far] = d;
    }

    // Objective after this iteration: observed cells only in phase 2 (or without missing cells); the
    // mean-filled data's objective (all cells) in phase 1.
    observedObjective = !anyMissing || filling;
    objective = objectiveOf(newLabels, theta, !observedObjective);
    trace.push(objective);

    let changes = 0;
    for (let i = 0; i < n; i++) if (newLabels[i] !== labels[i]) changes++;
    labels = newLabels;
    // "until convergence": no label changed. In phase 1 that only ends the mean-filled SKFR: k-POD begins.
    if (changes === 0) {
      if (!observedObjective) {
        filling = true;
        continue;
      }
      converged = true;
      break;
    }
  }
  // Stopped (maxIterations) before phase 2: the reported objective is still the observed-cells one.
  if (!observedObjective) {
    objective = objectiveOf(labels, theta, false);
    trace[trace.length - 1] = objective;
  }

  const clusterSizes = new Array<number>(k).fill(0);
  for (const c of labels) clusterSizes[c]!++;
  return { labels, clusterSizes, means, centers: theta, selected, clusterScores, scores, objective, trace, iterations, converged, Y, nearTies, phase2Iterations, emptyRepairs };
}
