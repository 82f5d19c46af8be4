/**
 * `JSON.stringify(value)` in parts, for `--json` (issue 26: 20 million samples' ids and labels are ~0.3 GB of
 * text, which one string would hold whole, and the engine's string builder twice while it grows): objects field by
 * field, arrays of more than SLICE items a slice at a time; the parts joined are JSON.stringify's text exactly
 * (a property test says so). Lazy lists (core/table/lazy-list.ts) are read a slice at a time too.
 * @example [...jsonParts({ a: [1, 2] })].join('') === '{"a":[1,2]}'
 */

/**
 * Items of an array stringified at once: 4 096 ids of 20 million (≈ 45 kB of text) stay small strings, which the
 * young generation's scavenges collect as they go; 65 536 (≈ 0.7 MB) went to the large-object space, kept until
 * a full collection (`--json` on 20 million rows: bench/RESULTS.md, branch memory3).
 */
const SLICE = 1 << 12;

export function* jsonParts(value: unknown, slice = SLICE): Generator<string> {
  if (Array.isArray(value)) {
    if (value.length <= slice) {
      yield JSON.stringify(value);
      return;
    }
    yield '[';
    for (let from = 0; from < value.length; from += slice) {
      // (an array's own text without its brackets; holes and undefined are null, as in JSON.stringify)
      const text = JSON.stringify(value.slice(from, from + slice));
      yield (from > 0 ? ',' : '') + text.slice(1, -1);
    }
    yield ']';
    return;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype && !('toJSON' in value)) {
    yield '{';
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* jsonParts(item, slice);
    }
    yield '}';
    return;
  }
  yield JSON.stringify(value) ?? 'null';
}
