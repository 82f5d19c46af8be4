/**
 * A size in bytes as people read it: binary units (1 KiB = 1024 bytes), one decimal.
 * @example formatBytes(1024 ** 3) // '1.0 GiB'; formatBytes(3_670_016) // '3.5 MiB'; formatBytes(12) // '12 bytes'
 */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v.toFixed(1)} ${units[u]}`;
}
