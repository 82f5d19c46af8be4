/**
 * A record keyed by column names, which are the user's: any text, "__proto__" and "constructor" included. A
 * plain `{}` turns `record["__proto__"] = values` into a change of its prototype (the column vanishes from
 * Object.keys, JSON.stringify and the exports); a record without a prototype keeps it as its own key.
 * Example: const a = nameRecord<number[]>(); a['__proto__'] = [1]; Object.keys(a) → ['__proto__'].
 */
export function nameRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
