/** Small display helpers shared by the screens. */
import { formatCount } from '../../../core/format-count';

/** 1234567 → "1 234 567" (thin spaces): the app's one thousands formatter, core/format-count.ts. */
export { formatCount };

/** A number with `digits` significant digits, plain notation for ordinary magnitudes. */
export function formatNumber(x: number, digits = 4): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return '0';
  const abs = Math.abs(x);
  if (abs >= 1e6 || abs < 1e-3) return x.toExponential(digits - 1);
  return Number(x.toPrecision(digits)).toString();
}

/** Milliseconds as "4.2 s" or "1 min 05 s". */
export function formatElapsed(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  const rest = Math.floor(s - m * 60);
  return `${m} min ${rest.toString().padStart(2, '0')} s`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
