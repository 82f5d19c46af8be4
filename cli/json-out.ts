/**
 * `JSON.stringify(value)` in parts, for `--json` (issue 26: 20 million samples' ids and labels are ~0.3 GB of
 * text, which one string would hold whole, and the engine's string builder twice while it grows): objects field by
 * field (but one of at most FLAT_KEYS plain values, whole), arrays of more than SLICE items a slice at a time; the parts joined are JSON.stringify's text exactly
 * (a property test says so). Lazy lists (core/table/lazy-list.ts) are read a slice at a time too.
 * @example [...jsonParts({ a: [1, 2] })].join('') === '{"a":[1,2]}'
 */

/**
 * Items of an array stringified at once: 4 096 ids of 20 million (≈ 45 kB of text) stay small strings, which the
 * young generation's scavenges collect as they go; 65 536 (≈ 0.7 MB) went to the large-object space, kept until
 * a full collection (`--json` on 20 million rows: bench/RESULTS.md, branch memory3).
 */
const SLICE = 1 << 12;

/** Plain values of an object stringified whole (see below); `slice` when a caller gives its own. */
const FLAT_KEYS = 1 << 16;

export function* jsonParts(value: unknown, slice = SLICE, flatKeys = slice === SLICE ? FLAT_KEYS : slice): Generator<string> {
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
    // An object of at most `flatKeys` plain values (feature scores by name) is one stringify: its text is bounded, and
    // one part a key took 13 653 parts and ~30 ms for Perseus's 6 824 scores.
    if (flat(value, flatKeys)) {
      yield JSON.stringify(value);
      return;
    }
    yield '{';
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* jsonParts(item, slice, flatKeys);
    }
    yield '}';
    return;
  }
  yield JSON.stringify(value) ?? 'null';
}

/** At most `limit` keys, each value a string, number, boolean, null or undefined (no object, array or function). */
function flat(value: object, limit: number): boolean {
  let keys = 0;
  for (const key in value) {
    if (++keys > limit) return false;
    const item = (value as Record<string, unknown>)[key];
    if ((typeof item === 'object' && item !== null) || typeof item === 'function' || typeof item === 'bigint') return false;
  }
  return true;
}

/** Characters of JSON text written at once by jsonChunks. */
const CHUNK = 1 << 16;

/**
 * jsonParts joined into chunks of at least `size` characters (the last one shorter), for writing: each key of a
 * large or nested object is a part of its own, and a sync stdout (a file, a pipe) made one system call each —
 * Perseus's 6 824 feature scores were 13 653 writes, 60–110 ms of CPU in a 1.5 s run. Same text, joined.
 * @example [...jsonChunks({ a: [1], b: [2] }, 4)] // ['{"a":', '[1],"b":', '[2]}'] (each ≥ 4 characters but the last)
 */
export function* jsonChunks(value: unknown, size = CHUNK, slice = SLICE): Generator<string> {
  let chunk = '';
  for (const part of jsonParts(value, slice)) {
    chunk += part;
    if (chunk.length >= size) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk.length > 0) yield chunk;
}
