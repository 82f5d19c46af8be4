/**
 * Regular expressions a user gives to choose columns by name (--features-match, --sample-columns, the Import
 * screen's patterns), matched in time linear in the name whatever the pattern. JavaScript's engine
 * backtracks: `(a+)+$` on a 35-character name runs for minutes, and no match can be interrupted. So:
 *
 * - a pattern that cannot backtrack much — no repeated group (`(…)+`, `(…)*`, `(…){2,}`), at most one unbounded
 *   repetition (`*`, `+`, `{n,}`) — on names of up to NAME_LIMIT characters is matched by `RegExp` (quick:
 *   ~1 µs a name); its worst case is quadratic in a short name;
 * - any other is matched by re2js (RE2's automaton in JavaScript, linear time; ~10–20 µs a name);
 * - a pattern RE2 cannot take (lookarounds, back-references) that is not simple is refused in one sentence.
 *
 * `RegExp` and RE2 agree on the syntax people use for names (classes, anchors, groups, alternation, `\d`, `\s`, `\w`).
 * Example: namePattern("^LFQ intensity ") matches with RegExp; namePattern("(a+)+$") matches with re2js, in
 * ~0.5 ms for 2 000 names of 35 characters, where RegExp took minutes.
 */
import { RE2JS } from 're2js';
import { SkfrError } from '../errors.js';

/** Names longer than this are matched by re2js even for a simple pattern (a quadratic worst case grows). */
const NAME_LIMIT = 1000;

export interface NamePattern {
  test(name: string): boolean;
}

/**
 * Count what makes backtracking expensive: repetitions applied to a group, unbounded repetitions. Escapes and
 * character classes are skipped. Example: "(a+)+$" → { repeatedGroup: true, unbounded: 2 }.
 */
export function backtrackingRisk(pattern: string): { repeatedGroup: boolean; unbounded: number } {
  let repeatedGroup = false;
  let unbounded = 0;
  let afterGroup = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    let max = 0; // a repetition's largest count (Infinity: unbounded); 0: not a repetition
    if (ch === '\\') i++;
    else if (ch === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
    } else if (ch === '(' && pattern[i + 1] === '?') {
      i += 2; // (?: (?= (?! (?<= (?<! (?<name>
      if (pattern[i] === '<' && pattern[i + 1] !== '=' && pattern[i + 1] !== '!') while (i < pattern.length && pattern[i] !== '>') i++;
      else if (pattern[i] === '<') i++;
    } else if (ch === '*' || ch === '+') max = Infinity;
    else if (ch === '?') max = 1;
    else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (m) {
        max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
        i += m[0].length - 1;
      }
    }
    if (max > 0) {
      if (max === Infinity) unbounded++;
      if (afterGroup && max > 1) repeatedGroup = true;
      if (pattern[i + 1] === '?') i++; // (lazy)
    }
    afterGroup = ch === ')';
  }
  return { repeatedGroup, unbounded };
}

/**
 * The pattern, checked and compiled (module comment). `what` names it in messages, e.g. "The feature pattern".
 * SkfrError('invalid-regex') when it is not a regular expression, or cannot be matched in bounded time.
 */
export function namePattern(pattern: string, what: string): NamePattern {
  let native: RegExp;
  try {
    native = new RegExp(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
    throw new SkfrError('invalid-regex', `${what} “${pattern}” is not a valid regular expression (${reason}).`);
  }
  const risk = backtrackingRisk(pattern);
  const simple = !risk.repeatedGroup && risk.unbounded <= 1;
  let linear: RE2JS | null = null;
  try {
    linear = RE2JS.compile(pattern);
  } catch {
    if (!simple) {
      throw new SkfrError(
        'invalid-regex',
        `${what} “${pattern}” repeats a group or several parts and uses a lookaround or back-reference, so matching it ` +
          `could take hours on long names; write it without them (e.g. “(a+)+$” as “a+$”).`,
      );
    }
  }
  if (simple || linear === null) {
    return { test: (name) => (name.length <= NAME_LIMIT || linear === null ? native.test(name) : linear.matcher(name).find()) };
  }
  const re2 = linear;
  return { test: (name) => re2.matcher(name).find() };
}
