/** The selected features' shares in skfr cluster's summary stay readable when every share is small (thousands of proteins). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { micePath, skfr } from './helpers.js';

const fragpipe = fileURLToPath(new URL('../../../shared/data/real/fragpipe_combined_protein.tsv', import.meta.url));

describe('shares of the total score', () => {
  it('two significant digits below 1 % (6 181 proteins), one decimal above (77)', async () => {
    const wide = await skfr(['cluster', fragpipe, '--k', '3', '--s', '10']);
    expect(wide.code, wide.stderr).toBe(0);
    const line = wide.stdout.split('\n')[wide.stdout.split('\n').findIndex((l) => l.startsWith('Selected features')) + 1]!;
    expect(line).not.toMatch(/ 0\.0%/);
    // Every share under 1 % with two significant digits (0.25%, 0.031%), never rounded to 0.0% or 0.2%.
    const shares = [...line.matchAll(/ (\d+(?:\.\d+)?)%/g)].map((m) => m[1]!);
    expect(shares).toHaveLength(10);
    const small = shares.filter((v) => Number(v) < 1);
    expect(small.length).toBeGreaterThan(0);
    for (const v of small) expect(v).toMatch(/^0\.(?:0[1-9]\d|[1-9]\d)$/);
    const mice = await skfr(['cluster', micePath, '--id-column', 'MouseID', '--k', '8', '--s', '5']);
    expect(mice.stdout).toMatch(/DYRK1A_N \d\.\d%/);
  }, 300_000);
});
