/**
 * Child process of `npm run bench:parse` (compiled to dist/bench/parse/parse-skfr.js): the whole parse phase of
 * `skfr cluster FILE --k 10 --s 10 --id-column id --class-column class` in a fresh process, i.e. everything
 * its `parseMs` counts before the fit (cli/commands/cluster.ts loadMapped: the file read into its table, the
 * layout recognised, the preparation's steps and checks, the n × p matrix built; and the garbage collection
 * that follows when the matrix was not built in place), with the reading threads of a large file started as
 * `skfr` starts them (node/parallel/early.ts). Prints one JSON line: { parseMs, readMs, rows, cols }.
 * Usage: node parse-skfr.js FILE [WORKERS]
 */
import { startReadingThreads } from '../../node/parallel/early.js';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: parse-skfr.js FILE [WORKERS]');
const workers = process.argv[3];
const argv = [file, '--k', '10', '--s', '10', '--id-column', 'id', '--class-column', 'class', ...(workers === undefined ? [] : ['--workers', workers])];
// As cli/bin/skfr.js: a large file's reading threads start before the command's modules load.
startReadingThreads(['cluster', ...argv]);
const { loadMapped } = await import('../../cli/commands/cluster.js');
const { planCluster } = await import('../../cli/commands/cluster-options.js');
const { nodeIO } = await import('../../cli/main.js');
const { collectGarbage } = await import('../../cli/memory.js');
const plan = planCluster(argv);
if (plan === null) throw new Error('no plan');
const t0 = performance.now();
const { mapped, read, inPlace } = await loadMapped(plan, nodeIO());
if (!inPlace) collectGarbage();
const parseMs = performance.now() - t0;
process.stdout.write(JSON.stringify({ parseMs, readMs: read.readMs, rows: mapped.matrix.rows, cols: mapped.matrix.cols }) + '\n');
