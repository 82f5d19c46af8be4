/**
 * A read-only list whose items are made when read, never stored: `list[i]` is `at(i)`, `list.length` is
 * `length`. Issue 26: the row numbers that name the samples of a table without an id column ("1" … "20000000")
 * would be 20 million strings (~0.8 GB with their array) made once and kept for the run; as a lazy list they
 * cost nothing until an output reads them, a slice at a time.
 *
 * It is an Array to every reader (Array.isArray, indexing, for…of, map, slice, join, JSON.stringify: a Proxy
 * over an empty array, answering `length` and the indices), but it cannot be posted between threads
 * (structured clone refuses a Proxy): `plainList` makes a real array of it for a message.
 * @example const ids = lazyList(3, (i) => String(i + 1)); ids[2] === '3'; JSON.stringify(ids) === '["1","2","3"]'
 */

const lazy = new WeakSet<object>();

/** Canonical array index of a property key ("0", "17"), else -1. */
function indexOf(key: string | symbol): number {
  if (typeof key !== 'string' || key.length === 0 || key.length > 10) return -1;
  const code = key.charCodeAt(0);
  if (code < 48 || code > 57 || (code === 48 && key.length > 1)) return -1;
  const i = Number(key);
  return Number.isInteger(i) ? i : -1;
}

export function lazyList<T>(length: number, at: (i: number) => T): T[] {
  const list = new Proxy([] as T[], {
    get(target, key, receiver) {
      if (key === 'length') return length;
      const i = indexOf(key);
      if (i >= 0) return i < length ? at(i) : undefined;
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      const i = indexOf(key);
      return i >= 0 ? i < length : Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const i = indexOf(key);
      if (i >= 0) return i < length ? { value: at(i), writable: false, enumerable: true, configurable: true } : undefined;
      // (`length` of the target is not configurable: its descriptor must stay the target's, with its value)
      if (key === 'length') return { ...Reflect.getOwnPropertyDescriptor(target, key)!, value: length };
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      // (every index as a key: what a deep comparison in a test walks; no reader of a large list asks)
      return [...Array.from({ length }, (_, i) => String(i)), ...Reflect.ownKeys(target)];
    },
    set() {
      return false;
    },
    deleteProperty() {
      return false;
    },
  });
  lazy.add(list);
  return list;
}

/** Whether `list` was made by lazyList. */
export function isLazyList(list: unknown): boolean {
  return typeof list === 'object' && list !== null && lazy.has(list);
}

/** `list` as a real array (a lazy list's items made), for a message to another thread; a real array as it is. */
export function plainList<T>(list: T[]): T[] {
  return isLazyList(list) ? Array.from(list) : list;
}
