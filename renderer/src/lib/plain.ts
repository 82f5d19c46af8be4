/**
 * A deep plain copy of JSON-shaped state (mapping, settings) before it crosses postMessage / IPC:
 * Vue's reactive proxies cannot be structured-cloned.
 */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
