/**
 * The app's one thousands formatter (core/format-count.ts): digits in groups of three from the right, a thin
 * space between groups unless told another separator (a normal space in messages and the command line's output,
 * a comma in the report's and the file refusals' exact counts); the renderer's formatCount is the same function.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../core/format-count';
import { formatCount as rendererFormatCount, plural } from '../renderer/src/lib/format';

const THIN = '\u2009';

describe('formatCount', () => {
  it('groups digits by three from the right (hand-checked)', () => {
    expect(formatCount(6181)).toBe(`6${THIN}181`);
    expect(formatCount(1459)).toBe(`1${THIN}459`);
    expect(formatCount(1234567)).toBe(`1${THIN}234${THIN}567`);
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(-12311)).toBe(`-12${THIN}311`);
    // Rounded first: 1 080.6 → 1 081.
    expect(formatCount(1080.6)).toBe(`1${THIN}081`);
  });

  it('writes the separator it is given: a normal space (messages, CLI output), a comma (report, file refusals)', () => {
    // A normal space: "15 samples × 1 459 protein groups", "at most 10 000 rows".
    expect(formatCount(1459, ' ')).toBe('1 459');
    expect(formatCount(100000, ' ')).toBe('100 000');
    expect(formatCount(-12311, ' ')).toBe('-12 311');
    expect(formatCount(999, ' ')).toBe('999');
    // A comma: "3.5 MiB (3,670,016 bytes)", "holds 1,234,567,890 cells".
    expect(formatCount(3670016, ',')).toBe('3,670,016');
    expect(formatCount(1234567890, ',')).toBe('1,234,567,890');
    expect(formatCount(1024, ',')).toBe('1,024');
    expect(formatCount(512, ',')).toBe('512');
  });

  it('writes an integer as toLocaleString(\'en-US\') does, with the separator in place of its comma', () => {
    // The copies it replaced wrote n.toLocaleString('en-US') (commas), some with the commas made spaces.
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        expect(formatCount(n, ',')).toBe(n.toLocaleString('en-US'));
        expect(formatCount(n, ' ')).toBe(n.toLocaleString('en-US').replace(/,/g, ' '));
      }),
    );
  });

  it('is the renderer’s formatter too (one implementation)', () => {
    expect(rendererFormatCount).toBe(formatCount);
    expect(plural(12311, 'zero')).toBe(`12${THIN}311 zeros`);
  });

  it('removing the separators gives the rounded number back; every group after the first has three digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        const text = formatCount(n);
        expect(text.split(THIN).join('')).toBe(String(n));
        const groups = text.replace('-', '').split(THIN);
        expect(groups[0]!.length).toBeGreaterThanOrEqual(1);
        expect(groups[0]!.length).toBeLessThanOrEqual(3);
        for (const g of groups.slice(1)) expect(g).toMatch(/^\d{3}$/);
      }),
    );
  });
});
