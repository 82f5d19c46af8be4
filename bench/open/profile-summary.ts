/**
 * A CPU profile (`node --cpu-prof`) summed by function, the way the RESULTS tables of issue 27 read them: per
 * function (name, file, line) its self time and its inclusive time (each sample counted once per function on its
 * stack), in ms of the profile's time deltas, the N largest of each; and the total and idle time.
 *
 * Usage: node dist/bench/open/profile-summary.js PROFILE.cpuprofile [N]
 * @example node --cpu-prof --cpu-prof-dir PROFILES cli/bin/skfr.js cluster FILE --k 3 --s 10 --json > /dev/null
 *   && node dist/bench/open/profile-summary.js PROFILES/*.cpuprofile 40
 */
import { readFileSync } from 'node:fs';
import type { CpuProfile } from './categories.js';

const [file, count] = process.argv.slice(2) as [string, string | undefined];
const top = Number(count ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const spent = new Map<number, number>();
profile.samples.forEach((id, i) => spent.set(id, (spent.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const name = (id: number) => {
  const frame = byId.get(id)!.callFrame;
  return `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${frame.lineNumber}`;
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let idle = 0;
for (const [id, us] of spent) {
  total += us;
  if (byId.get(id)!.callFrame.functionName === '(idle)') idle += us;
  self.set(name(id), (self.get(name(id)) ?? 0) + us);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = name(at);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
const print = (title: string, times: Map<string, number>) => {
  process.stdout.write(`-- ${title}\n`);
  for (const [key, us] of [...times].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${(us / 1000).toFixed(1).padStart(8)}  ${key}\n`);
};
process.stdout.write(`total ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms\n`);
print('self (ms)', self);
print('inclusive (ms)', inclusive);
