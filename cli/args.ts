/**
 * Command-line argument parsing for `skfr`: a small declarative parser (options declared as data, as in
 * scikit-learn's parameter constraints) plus typed readers that validate each value once, at the boundary,
 * with messages that quote the value and say what is allowed.
 *
 * Accepted forms: `--name value`, `--name=value`, boolean flags `--json`, `--` ends the options. An option
 * that takes one value may be repeated: the last one counts (so a documented command can be extended).
 * @example
 *   const parsed = parseArgv(['data.csv', '--k', '8', '--json'], CLUSTER_OPTIONS, 'skfr cluster');
 *   readInt(parsed, 'k', { min: 2, code: 'invalid-k' }); // 8
 */
import { parseArgs } from 'node:util';
import { SkfrError, type ErrorCode } from '../core/errors.js';

/** 'flag' takes no value; 'value' takes one (given at most once); 'repeat' may be given several times. */
export type OptionKind = 'flag' | 'value' | 'repeat';

export interface OptionSpec {
  name: string;
  kind: OptionKind;
  /** Placeholder shown in help, e.g. 'K' or 'FROM:TO[:STEP]'. */
  placeholder?: string;
  help: string;
}

export interface ParsedArgs {
  /** e.g. 'skfr cluster', for messages. */
  command: string;
  positionals: string[];
  flags: Set<string>;
  values: Map<string, string>;
  repeats: Map<string, string[]>;
}

function invalid(message: string, code: ErrorCode = 'invalid-option'): SkfrError {
  return new SkfrError(code, message);
}

/**
 * Parse argv against the declared options. Unknown options and missing values throw.
 *
 * Tokenising is `node:util` `parseArgs` (`--name=value`, `--`, `-` as a positional); the checks are ours,
 * on its tokens in argv order. It runs with `strict: false` because strict mode rejects a value that starts
 * with a dash (`--k -3` would need `--k=-3`) and its errors quote no placeholder or near name.
 */
export function parseArgv(argv: readonly string[], specs: readonly OptionSpec[], command: string): ParsedArgs {
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const options = Object.fromEntries(
    specs.map((spec) => [spec.name, spec.kind === 'flag' ? { type: 'boolean' as const } : { type: 'string' as const }]),
  );
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const parsed: ParsedArgs = { command, positionals: [], flags: new Set(), values: new Map(), repeats: new Map() };
  for (const token of tokens) {
    if (token.kind === 'positional') {
      parsed.positionals.push(token.value);
      continue;
    }
    if (token.kind === 'option-terminator') continue;
    // parseArgs splits `-abc` into -a -b -c and reads `-k3` as k = 3: only `-h` itself is a short option here.
    const raw = argv[token.index]!;
    if (raw === '-h') {
      parsed.flags.add('help');
      continue;
    }
    if (!token.rawName.startsWith('--')) {
      throw invalid(`unknown option “${raw}” for ${command} (options start with --; see ${command} --help).`);
    }
    const name = token.name;
    const spec = byName.get(name);
    if (!spec) {
      const near = specs.filter((s) => s.name.includes(name) || name.includes(s.name)).map((s) => `--${s.name}`);
      const hint = near.length > 0 ? ` Did you mean ${near.slice(0, 3).join(', ')}?` : '';
      throw invalid(`unknown option “--${name}” for ${command}.${hint} See ${command} --help.`);
    }
    if (spec.kind === 'flag') {
      if (token.value !== undefined) throw invalid(`--${name} takes no value (got “${token.value}”).`);
      parsed.flags.add(name);
      continue;
    }
    // parseArgs takes the next argument whatever it is; a separate one that starts with -- is another option
    // (`--k --json`), while one dash is a value (`--k -3`). Written `--k=--x`, the value is taken as given.
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith('--'))) {
      throw invalid(`--${name} needs a value (${spec.placeholder ?? 'VALUE'}).`);
    }
    if (spec.kind === 'repeat') {
      const list = parsed.repeats.get(name) ?? [];
      list.push(value);
      parsed.repeats.set(name, list);
    } else {
      // Given twice, the last one counts (as in most tools): `… --k 8 --k 49` runs with k = 49.
      parsed.values.set(name, value);
    }
  }
  return parsed;
}

export interface IntRule {
  min?: number;
  max?: number;
  /** Error code for out-of-range values (e.g. 'invalid-k'); 'invalid-option' otherwise. */
  code?: ErrorCode;
  /** Why the bound exists, appended to range messages. */
  why?: string;
}

/** Parse a whole number written in decimal, e.g. "24" (no "1e3", no "2.5", no "0x10"). */
export function parseWhole(text: string): number | null {
  if (!/^[+-]?\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** Read `--name N` as a whole number within [min, max]; undefined when not given. */
export function readInt(parsed: ParsedArgs, name: string, rule: IntRule = {}): number | undefined {
  const text = parsed.values.get(name);
  if (text === undefined) return undefined;
  const value = parseWhole(text);
  if (value === null) throw invalid(`--${name} must be a whole number, got “${text}”.`, rule.code);
  const why = rule.why ? ` (${rule.why})` : '';
  if (rule.min !== undefined && value < rule.min) {
    throw invalid(`--${name} ${text} is not possible: it must be at least ${rule.min}${why}.`, rule.code);
  }
  if (rule.max !== undefined && value > rule.max) {
    throw invalid(`--${name} ${text} is not possible: it must be at most ${rule.max}${why}.`, rule.code);
  }
  return value;
}

/** Read `--name VALUE` restricted to a closed set of words. */
export function readChoice<T extends string>(parsed: ParsedArgs, name: string, choices: readonly T[]): T | undefined {
  const text = parsed.values.get(name);
  if (text === undefined) return undefined;
  if (!(choices as readonly string[]).includes(text)) {
    throw invalid(`--${name} must be ${choices.join(' or ')}, got “${text}”.`);
  }
  return text as T;
}

/** Read `--name A,B,C` as a list of non-empty trimmed names. */
export function readList(parsed: ParsedArgs, name: string): string[] | undefined {
  const text = parsed.values.get(name);
  if (text === undefined) return undefined;
  const items = text.split(',').map((item) => item.trim()).filter((item) => item.length > 0);
  if (items.length === 0) throw invalid(`--${name} needs at least one name (comma-separated), got “${text}”.`);
  return items;
}

/**
 * Parse repeated `--where COLUMN=VALUE` into one filter per column; the same column twice means OR.
 * @example parseWhere(['Genotype=Control', 'Behavior=C/S', 'Genotype=Ts65Dn'])
 *   // [{ column: 'Genotype', values: ['Control', 'Ts65Dn'] }, { column: 'Behavior', values: ['C/S'] }]
 */
export function parseWhere(items: readonly string[]): { column: string; values: string[] }[] {
  const filters = new Map<string, string[]>();
  for (const item of items) {
    const eq = item.indexOf('=');
    const column = eq === -1 ? '' : item.slice(0, eq).trim();
    if (column.length === 0) {
      throw invalid(`--where must look like COLUMN=VALUE (e.g. Genotype=Control), got “${item}”.`);
    }
    const value = item.slice(eq + 1);
    const values = filters.get(column) ?? [];
    if (!values.includes(value)) values.push(value);
    filters.set(column, values);
  }
  return [...filters].map(([column, values]) => ({ column, values }));
}

/** Help lines for a list of options, aligned. */
export function formatOptions(specs: readonly OptionSpec[]): string {
  const heads = specs.map((spec) => `  --${spec.name}${spec.kind === 'flag' ? '' : ` ${spec.placeholder ?? 'VALUE'}`}`);
  const width = Math.max(...heads.map((head) => head.length)) + 2;
  return specs.map((spec, i) => heads[i]!.padEnd(width) + spec.help.replace(/\n/g, '\n' + ' '.repeat(width))).join('\n');
}

/** `{ [key]: value }` when the option was given, `{}` otherwise (for spreading into an options object). */
export function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}
