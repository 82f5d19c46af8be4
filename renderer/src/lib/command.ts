/**
 * The reproduce command cut for display: its shell words (as core/report/command.ts quotes them: bare, or in
 * single quotes with `'\''` for a quote), each option kept with its value, so a long command wraps between
 * options and never inside "--class-column" or 'LFQ intensity'. Joined with single spaces the pieces are the
 * command again, so selecting the displayed text copies it exactly.
 * @example commandPieces("skfr cluster a.txt --quantity 'LFQ intensity' --k 3")
 *   // ['skfr', 'cluster', 'a.txt', "--quantity 'LFQ intensity'", '--k 3']
 */

/** The words of a POSIX command line, quotes kept (split on spaces outside quotes). */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let quoted = false;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quoted) {
      if (ch === "'") quoted = false;
      word += ch;
    } else if (ch === "'") {
      quoted = true;
      word += ch;
    } else if (ch === '\\' && i + 1 < command.length) {
      word += ch + command[++i]!;
    } else if (ch === ' ') {
      if (word !== '') words.push(word);
      word = '';
    } else word += ch;
  }
  if (word !== '') words.push(word);
  return words;
}

/** The words with each option ("--x") joined to its value (the next word, unless that is an option too). */
export function commandPieces(command: string): string[] {
  const words = shellWords(command);
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (w.startsWith('--') && next !== undefined && !next.startsWith('--')) {
      pieces.push(`${w} ${next}`);
      i++;
    } else pieces.push(w);
  }
  return pieces;
}
