/**
 * Entry of `npm run bench` (compiled to dist/bench/bench.js).
 * Flags: --quick (smoke run, seconds), --markdown (Markdown tables), --no-parallel (skip worker threads).
 */
import { parseFlags } from './lib/args.js';
import { runBench } from './speed/run.js';

const flags = parseFlags(process.argv.slice(2), { quick: 'boolean', markdown: 'boolean', 'no-parallel': 'boolean' });
const outcome = await runBench({
  quick: flags.quick === true,
  style: flags.markdown === true ? 'markdown' : 'plain',
  parallel: flags['no-parallel'] !== true,
  print: (text) => process.stdout.write(text + '\n'),
  note: (text) => process.stderr.write(text + '\n'),
});
process.exitCode = outcome.goal && !outcome.goal.pass ? 1 : 0;
