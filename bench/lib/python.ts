/**
 * Find a Python for a benchmark's peer runs: the first candidate that imports the wanted modules. Candidates,
 * in order: `--python CMD` (only it when given), $SKFR_BENCH_PYTHON, the repository's `.venv-bench/bin/python`
 * (e.g. `python3 -m venv --system-site-packages .venv-bench && .venv-bench/bin/pip install polars pyarrow`:
 * Debian's pandas and scikit-learn stay visible), `python3` on PATH, Debian's /usr/bin/python3.
 * The project never depends on any of them: a benchmark skips its peers with the reason when none fits.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function pythonCandidates(repo: string, flag?: string): string[] {
  if (flag !== undefined) return [flag];
  const venv = join(repo, '.venv-bench', 'bin', 'python');
  return [process.env.SKFR_BENCH_PYTHON, existsSync(venv) ? venv : undefined, 'python3', '/usr/bin/python3'].filter(
    (c): c is string => c !== undefined && c.length > 0,
  );
}

/** Null when `cmd` imports every module, else why not (one line). */
export function probePython(cmd: string, modules: readonly string[]): string | null {
  const probe = spawnSync(cmd, ['-c', `import ${modules.join(', ')}`], { encoding: 'utf8' });
  if (probe.error) return `${cmd} not found`;
  if (probe.status !== 0) return `${cmd} lacks ${modules.join(' or ')} (${probe.stderr.trim().split('\n').at(-1)})`;
  return null;
}

/**
 * The first candidate importing all of `best`, else the first importing all of `needed`; with the reason
 * when none imports `needed`. @example findPython(['python3'], ['pandas', 'polars'], ['pandas'])
 */
export function findPython(candidates: readonly string[], best: readonly string[], needed: readonly string[]): { python: string; missing: string | null } {
  const full = candidates.find((cmd) => probePython(cmd, best) === null);
  if (full !== undefined) return { python: full, missing: null };
  const some = candidates.find((cmd) => probePython(cmd, needed) === null);
  if (some !== undefined) return { python: some, missing: null };
  return { python: candidates[0] ?? 'python3', missing: probePython(candidates[0] ?? 'python3', needed) };
}
