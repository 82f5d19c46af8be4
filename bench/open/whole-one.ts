/**
 * One whole `skfr cluster` run for bench/whole-cpu.ts: in this fresh process, the bin of the build at REPO
 * (REPO/cli/bin/skfr.js, as a user runs it: Node's start, the modules, the read, the recipe, the fit, the JSON)
 * on FILE with the flags after it and `--k 3 --s 10 --json`; its --json goes nowhere. At exit prints
 * {"cpu": ms, "readMs": …, "parseMs": …, "fitMs": …} on stderr's last line: cpu = the process's user + system time
 * since it started, every thread (getrusage), so Node's own start counts as it does for a user.
 *
 * Usage: node dist/bench/open/whole-one.js REPO FILE [FLAGS…]
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [repo, file, ...flags] = process.argv.slice(2) as [string, string, ...string[]];
const bin = join(repo, 'cli', 'bin', 'skfr.js');
process.argv = [process.argv[0]!, bin, 'cluster', file, ...flags, '--k', '3', '--s', '10', '--json'];
let json = '';
process.stdout.write = ((chunk: string | Uint8Array) => {
  json += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return true;
}) as typeof process.stdout.write;
process.on('exit', () => {
  const usage = process.resourceUsage();
  let timings: Record<string, number> = {};
  try {
    timings = (JSON.parse(json) as { timings: Record<string, number> }).timings;
  } catch {
    // (the run failed: its error is on stderr above)
  }
  process.stderr.write('\n' + JSON.stringify({ cpu: (usage.userCPUTime + usage.systemCPUTime) / 1000, ...timings }) + '\n');
});
await import(pathToFileURL(bin).href);
