/**
 * A count as the app writes it: rounded to an integer, digits in groups of three from the right, separated by a
 * thin space (U+2009), readable in every locale and never mistaken for a decimal mark. The one thousands
 * formatter of the app: the renderer (lib/format.ts) and the charts use it, and core code may import it (it
 * imports nothing).
 *
 * @example formatCount(6181) // '6 181' (with a thin space)
 * @example formatCount(1234567.4) // '1 234 567'
 * @example formatCount(-1459, ' ') // '-1 459' (another separator)
 */
export function formatCount(n: number, separator = '\u2009'): string {
  return Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
