/**
 * What a before/after bench of the given real tables runs on (bench/cold-read.ts, bench/open-cpu.ts): its flags
 * (--runs N, default 7; --only NAME,…; --before DIR; --markdown), the builds it compares (--before DIR's, then this
 * repository's dist/), the one-run script of each build (`dist/bench/open/<script>`) and the real tables
 * (bench/lib/real-tables.ts) that --only and `keep` leave.
 * @example const { runs, builds, one, tables } = beforeAfter(process.argv.slice(2), 'open-one.js', import.meta.url)
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFlags, type Flags } from './args.js';
import { realTables, type RealTable } from './real-tables.js';

export interface BeforeAfter {
  flags: Flags;
  runs: number;
  /** The repository root of this build. */
  repo: string;
  /** This build's one-run script (each build runs its own: `dist/bench/open/<script>` under it). */
  one: string;
  /** --before DIR (if given), then this repository. */
  builds: string[];
  tables: RealTable[];
}

export function beforeAfter(argv: readonly string[], script: string, benchUrl: string, keep: (table: RealTable) => boolean = () => true): BeforeAfter {
  const flags = parseFlags(argv, { runs: 'number', only: 'string', before: 'string', markdown: 'boolean' });
  const runs = Math.max(1, (flags.runs as number | undefined) ?? 7);
  const here = dirname(fileURLToPath(benchUrl));
  const repo = resolve(here, here.split(/[\\/]/).includes('dist') ? '../..' : '..');
  const one = resolve(repo, 'dist', 'bench', 'open', script);
  const builds = [...(typeof flags.before === 'string' ? [resolve(flags.before)] : []), repo];
  const only = typeof flags.only === 'string' ? flags.only.toLowerCase().split(',') : null;
  const named = (t: RealTable) => only === null || only.some((o) => t.name.toLowerCase().includes(o) || t.file.toLowerCase().includes(o));
  return { flags, runs, repo, one, builds, tables: realTables(repo).filter((t) => keep(t) && named(t)) };
}
