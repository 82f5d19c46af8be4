/**
 * One cold open for bench/open-cpu.ts: in this fresh process, `skfr cluster`'s open of FILE (cli/commands/cluster.ts
 * loadMapped: the read, the layout recognised, the recipe proposed, the table prepared, what the outputs need
 * recorded; the fit not) from the build at REPO (its dist/ folder's parent), with the cluster flags after FILE;
 * prints {"wall": ms, "cpu": ms, "read": ms} of the open alone (modules loaded before; cpu = the process's user +
 * system time during it, all threads; read = its readMs, the bytes into a typed table).
 *
 * Usage: node dist/bench/open/open-one.js REPO FILE [FLAGS…]
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [repo, file, ...flags] = process.argv.slice(2) as [string, string, ...string[]];
const at = (path: string) => pathToFileURL(join(repo, 'dist', path)).href;
const { loadMapped } = (await import(at('cli/commands/cluster.js'))) as typeof import('../../cli/commands/cluster.js');
const { planCluster } = (await import(at('cli/commands/cluster-options.js'))) as typeof import('../../cli/commands/cluster-options.js');
const { nodeIO } = (await import(at('cli/main.js'))) as typeof import('../../cli/main.js');
const plan = planCluster([file, ...flags, '--k', '3', '--s', '10', '--workers', '1'])!;
const io = { ...nodeIO(), stderr: () => {} };
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const { read } = await loadMapped(plan, io);
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({ wall, cpu: (cpu.user + cpu.system) / 1000, read: read.readMs }) + '\n');
