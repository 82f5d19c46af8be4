/**
 * The package version, read once from the nearest package.json named "skfr-studio" above this module
 * (cli/ when run from source, dist/cli/ when built), so it is never duplicated by hand.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

export function packageVersion(): string {
  if (cached !== null) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    try {
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (json.name === 'skfr-studio' && typeof json.version === 'string') return (cached = json.version);
    } catch {
      // no package.json here: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return (cached = '0.0.0-unknown');
}
