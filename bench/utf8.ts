/**
 * `npx tsc -p tsconfig.cli.json && node dist/bench/utf8.js`: how fast core/table/text.ts checks that a
 * CSV is UTF-8 (issue 14), on the two paths that do: `Utf8Validator` over 1 MiB chunks (pass 1 of the chunked
 * reader, core/table/stream.ts: `skfr cluster`) and `isValidUtf8` on the whole file (core/table/csv.ts
 * toUtf8Body: workbooks' CSV siblings, the app's file-open path). Three generated tables of about --mb MB, held
 * in memory (no disk in the timing): 200 columns of 4-decimal numbers after a name column that is ASCII
 * (`s123`: the isAscii fast path), Latin (`Protéine_123`: one é a row) or Greek (`Πρωτεΐνη_123_κύτταρο`).
 * Median of --repeats rounds; the variants alternate within a round, so a busy machine slows them alike; CPU
 * time is reported beside the wall clock.
 *
 * Flags: --mb N (default 150), --repeats N (default 5), --markdown,
 * --before DIST: also time DIST/core/table/text.js, e.g. the hand-written validators of commit f0bb259 or
 * earlier (`git show f0bb259:core/table/text.ts > DIR/text.ts`, then
 * `npx tsc --module nodenext --target es2022 --outDir DIST/core/table DIR/text.ts`: text.ts imports nothing).
 */
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as current from '../core/table/text.js';
import { parseFlags } from './lib/args.js';
import { median } from './lib/stats.js';
import { fixed, renderTable } from './lib/table.js';

const flags = parseFlags(process.argv.slice(2), { mb: 'number', repeats: 'number', markdown: 'boolean', before: 'string' });
const repeats = (flags.repeats as number | undefined) ?? 5;
const megabytes = (flags.mb as number | undefined) ?? 150;
const print = (text: string) => process.stdout.write(text + '\n');
const CHUNK = 1024 * 1024;

type TextModule = Pick<typeof current, 'isValidUtf8' | 'Utf8Validator'>;
const before = flags.before
  ? ((await import(pathToFileURL(join(resolve(flags.before as string), 'core', 'table', 'text.js')).href)) as TextModule)
  : null;
const modules: [string, TextModule][] = [['current', current]];
if (before) modules.push([`before (${flags.before as string})`, before]);

/** About `megabytes` MB of CSV whose name column is written by `name` (seeded: every run checks the same bytes). */
function table(name: (row: number) => string): Uint8Array {
  const encoder = new TextEncoder();
  let seed = 1;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const lines: Uint8Array[] = [];
  let size = 0;
  for (let row = 0; size < megabytes * 1e6; row++) {
    const cells = [name(row)];
    for (let j = 0; j < 200; j++) cells.push((next() * 10).toFixed(4));
    const line = encoder.encode(cells.join(',') + '\n');
    lines.push(line);
    size += line.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const line of lines) {
    bytes.set(line, at);
    at += line.length;
  }
  return bytes;
}

interface Timing {
  wall: number;
  cpu: number;
}

function timed(work: () => boolean): Timing {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (!work()) throw new Error('a valid UTF-8 table was reported invalid');
  const cpu = process.cpuUsage(cpu0);
  return { wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 };
}

const contents: [string, (row: number) => string][] = [
  ['ASCII names', (row) => `s${row}`],
  ['Latin names (é)', (row) => `Protéine_${row}`],
  ['Greek names', (row) => `Πρωτεΐνη_${row}_κύτταρο`],
];
print(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} (1, 5, 15 min) on ${availableParallelism()} cores`);
const rows: string[][] = [];
for (const [content, name] of contents) {
  const bytes = table(name);
  const variants: [string, () => Timing][] = modules.flatMap(([label, text]): [string, () => Timing][] => [
    [
      `${label}: Utf8Validator, 1 MiB chunks`,
      () =>
        timed(() => {
          const validator = new text.Utf8Validator();
          for (let at = 0; at < bytes.length; at += CHUNK) validator.push(bytes.subarray(at, at + CHUNK));
          return validator.complete;
        }),
    ],
    [`${label}: isValidUtf8, whole`, () => timed(() => text.isValidUtf8(bytes))],
  ]);
  const timings = variants.map(() => [] as Timing[]);
  for (let round = 0; round < repeats; round++) {
    for (const [i, [, run]] of variants.entries()) timings[i]!.push(run());
  }
  const rate = (ms: number) => fixed(bytes.length / 1e6 / (ms / 1000), 0);
  for (const [i, [variant]] of variants.entries()) {
    const wall = median(timings[i]!.map((t) => t.wall));
    const cpu = median(timings[i]!.map((t) => t.cpu));
    rows.push([`${content}, ${fixed(bytes.length / 1e6, 0)} MB`, variant, fixed(wall, 0), rate(wall), fixed(cpu, 0), rate(cpu)]);
  }
}
print(renderTable(['table', 'path', 'wall ms', 'MB/s', 'CPU ms', 'MB/s of CPU'], rows, flags.markdown ? 'markdown' : 'plain'));
print(`Median of ${repeats} rounds. MB/s of CPU: the size over the CPU time the process spent (a busy machine slows the wall clock, not this).`);
