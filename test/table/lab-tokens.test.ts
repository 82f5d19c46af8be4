/**
 * core/table/cells.ts isLabToken: a lab token (trimmed, case as listed) whatever the text around it, and its quick
 * answer for long texts (printable ASCII at both ends: no trim can make them a token) the same as the set's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLabToken, LAB_TOKENS } from '../../core/table/cells.js';

describe('isLabToken', () => {
  it('on hand-checked texts', () => {
    expect(isLabToken('not detected')).toBe(true); // (the longest token, 12 characters)
    expect(isLabToken('  not detected \t')).toBe(true); // (longer, but trimmed to the token)
    expect(isLabToken('\u00a0n.d.\u00a0')).toBe(true); // (a no-break space is trimmed too)
    expect(isLabToken(' n.d. ')).toBe(true);
    expect(isLabToken('not detectedx')).toBe(false);
    expect(isLabToken('1;2;3;4;5;6;7;8;9;10')).toBe(false);
    expect(isLabToken('low')).toBe(false);
  });

  it('is the set of tokens after trim, on tokens padded with any whitespace and on random texts', () => {
    const space = fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028');
    const padded = fc.tuple(fc.array(space, { maxLength: 4 }), fc.constantFrom(...LAB_TOKENS, 'ND1', 'x', ''), fc.array(space, { maxLength: 4 })).map(([a, t, b]) => a.join('') + t + b.join(''));
    fc.assert(
      fc.property(fc.oneof(padded, fc.string({ maxLength: 20 })), (text) => {
        expect(isLabToken(text)).toBe(new Set(LAB_TOKENS).has(text.trim()));
      }),
      { numRuns: 3000 },
    );
  });
});
