/**
 * A tiny flag parser for the benchmark scripts: `--name value`, `--name=value` and boolean `--name`.
 * Unknown flags are an error (a typo must not silently run the full 5-minute benchmark).
 *
 * @example parseFlags(['--trials', '3', '--quick'], { trials: 'number', quick: 'boolean' })
 *   // → { trials: 3, quick: true }
 */
export type FlagKind = 'boolean' | 'number' | 'string';
export type FlagSpec = Record<string, FlagKind>;
export type Flags = Record<string, boolean | number | string | undefined>;

export function parseFlags(argv: readonly string[], spec: FlagSpec): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument "${arg}": flags start with --.`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const kind = spec[name];
    if (kind === undefined) {
      throw new Error(`Unknown flag "--${name}". Allowed: ${Object.keys(spec).map((f) => `--${f}`).join(', ')}.`);
    }
    if (kind === 'boolean') {
      if (eq >= 0) throw new Error(`Flag --${name} takes no value (got "${arg}").`);
      flags[name] = true;
      continue;
    }
    const raw = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (raw === undefined) throw new Error(`Flag --${name} needs a value.`);
    if (kind === 'number') {
      const value = Number(raw);
      if (!Number.isFinite(value) || value < 0) throw new Error(`Flag --${name} needs a non-negative number (got "${raw}").`);
      flags[name] = value;
    } else {
      flags[name] = raw;
    }
  }
  return flags;
}
