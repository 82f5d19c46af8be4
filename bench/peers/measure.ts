/**
 * Run a command as a whole process and measure its wall time and peak resident memory: through
 * `/usr/bin/time -v` when present ("Maximum resident set size"), else by polling /proc/PID/status (VmHWM).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export interface ProcessMeasure {
  exitCode: number;
  seconds: number;
  peakRssBytes: number;
  stdout: string;
  stderr: string;
}

const GNU_TIME = '/usr/bin/time';

function vmHwm(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function measureProcess(command: string, args: readonly string[], cwd?: string): Promise<ProcessMeasure> {
  const useTime = existsSync(GNU_TIME);
  const [file, argv] = useTime ? [GNU_TIME, ['-v', command, ...args]] : [command, [...args]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    let polled = 0;
    const timer = useTime ? null : setInterval(() => (polled = Math.max(polled, vmHwm(child.pid!))), 50);
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer) clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      let stderr = Buffer.concat(err).toString('utf8');
      let peak = polled;
      if (useTime) {
        const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
        peak = match ? Number(match[1]) * 1024 : 0;
        const cut = stderr.lastIndexOf('\tCommand being timed:');
        if (cut >= 0) stderr = stderr.slice(0, cut);
      }
      resolve({ exitCode: code ?? 1, seconds, peakRssBytes: peak, stdout: Buffer.concat(out).toString('utf8'), stderr });
    });
  });
}
