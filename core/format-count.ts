/**
 * A count as the app writes it: rounded to an integer, digits in groups of three from the right. The one
 * thousands formatter of the app (beside format-bytes.ts); it imports nothing, so any code may use it.
 *
 * The separator says where the text goes:
 * - a thin space (U+2009, the default): the screens and charts, readable in every locale and never mistaken
 *   for a decimal mark;
 * - a normal space (' '): messages and the command line's output, plain text that any terminal shows;
 * - a comma (','): the exact byte and cell counts in the report and in the file-size refusals ("3,670,016 bytes").
 *
 * @example formatCount(6181) // '6 181' (with a thin space)
 * @example formatCount(1234567.4) // '1 234 567'
 * @example formatCount(-1459, ' ') // '-1 459' (a normal space)
 * @example formatCount(3670016, ',') // '3,670,016'
 */
export function formatCount(n: number, separator = '\u2009'): string {
  return Math.round(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
