/**
 * core/table/float-parse.ts: decimal bytes → float64 equal to Number(text) bit for bit (issue 17), and the
 * syntax the CSV reader accepted before (bench/parse/legacy-number.ts, the parser it replaced) kept exactly.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fallbackCount, parseNumberBytes, POW10_MANTISSAS, Q_MAX, Q_MIN } from '../../core/table/float-parse.js';
import { parseNumberBytes as cellsParse, parseNumberText } from '../../core/table/cells.js';
import { parseTable } from '../../core/table/index.js';
import { plainDecimal } from '../../core/table/delimited.js';
import { legacyParseNumberBytes } from '../../bench/parse/legacy-number.js';
import { pyRepr } from '../../bench/peers/csv.js';
import { decimalString, HARD_CASES } from './decimal-strings.js';

const encoder = new TextEncoder();

/** Parse a whole string, as the reader does for a trimmed cell. */
function parse(text: string, decimalComma = false): number {
  const bytes = encoder.encode(text);
  return parseNumberBytes(bytes, 0, bytes.length, decimalComma);
}

/** What the parser must give: Number(text) ("," read as "." under decimalComma), ±Infinity → NaN. */
function expected(text: string, decimalComma = false): number {
  const value = Number(decimalComma ? text.replace(',', '.') : text);
  return value === Infinity || value === -Infinity ? NaN : value;
}

function legacy(text: string, decimalComma = false): number {
  const bytes = encoder.encode(text);
  return legacyParseNumberBytes(bytes, 0, bytes.length, decimalComma);
}

/** Bit-for-bit equality with a readable failure (Object.is tells -0 from 0 and NaN equals NaN). */
function expectSame(text: string, decimalComma = false): void {
  const got = parse(text, decimalComma);
  const want = expected(text, decimalComma);
  if (!Object.is(got, want)) expect.fail(`"${text}"${decimalComma ? ' (decimal comma)' : ''}: got ${got}, Number gives ${want}`);
}


describe('parseNumberBytes gives Number(text) bit for bit', () => {
  it('on known hard cases', () => {
    for (const text of HARD_CASES) {
      expectSame(text);
      if (text.includes('.')) expectSame(text.replace('.', ','), true);
    }
  });

  it('is what core/table/cells.ts exports', () => {
    expect(cellsParse).toBe(parseNumberBytes);
  });

  it('on random decimal strings: 1–20 significant digits, exponents −330…310, signs, leading zeros, e/E', () => {
    fc.assert(
      fc.property(decimalString, ({ text, comma }) => {
        expectSame(text, comma);
      }),
      { numRuns: 20_000 },
    );
  });

  it('on decimal strings of every double: shortest, 17 digits, repr, fixed and exponential forms, subnormals', () => {
    const bits = new Float64Array(1);
    const words = new Uint32Array(bits.buffer);
    const double = fc.tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff })).map(([hi, lo]) => {
      words[0] = lo;
      words[1] = hi;
      return bits[0]!;
    });
    const subnormal = fc.tuple(fc.integer({ min: 0, max: 0xfffff }), fc.integer({ min: 1, max: 0xffffffff })).map(([hi, lo]) => {
      words[0] = lo;
      words[1] = hi; // exponent bits 0: subnormal
      return bits[0]!;
    });
    fc.assert(
      fc.property(fc.oneof(double, subnormal, fc.double({ min: -1e6, max: 1e6, noNaN: true })), (x) => {
        if (!Number.isFinite(x)) return;
        for (const text of [String(x), x.toExponential(), x.toPrecision(17), x.toPrecision(16), x.toPrecision(15), x.toExponential(19), pyRepr(x)]) {
          expectSame(text);
          if (x !== 0) expect(Object.is(parse(String(x)), x)).toBe(true);
        }
        if (Math.abs(x) < 1e21) for (const digits of [0, 4, 10, 20]) expectSame(x.toFixed(digits));
      }),
      { numRuns: 20_000 },
    );
  });

  it('on ties: halfway points between neighbouring doubles, written out exactly', () => {
    /** The exact decimal expansion of m · 2^e (e ≤ 0): m · 5^−e with −e decimals. */
    const exact = (m: bigint, e: number): string => {
      const digits = (m * BigInt(5) ** BigInt(-e)).toString().padStart(-e + 1, '0');
      return e === 0 ? digits : `${digits.slice(0, digits.length + e)}.${digits.slice(digits.length + e)}`;
    };
    for (let k = 0; k < 40; k++) {
      // Odd multiples of 2^52 · 2^e's half ulp: halfway between two doubles of [2^52, 2^53) · 2^(e+1).
      const m = (BigInt(1) << BigInt(53)) + BigInt(2 * k + 1);
      for (const e of [0, -1, -7, -60, -1075 + 53]) {
        const text = exact(m, e);
        expectSame(text);
        expectSame(`-${text}`);
        // Just above and below the tie.
        expectSame(`${text}1`.includes('.') ? `${text}1` : `${text}.1`);
        expectSame(exact(m * BigInt(10) - BigInt(1), e - 1).replace(/^0+(?=\d)/, ''));
      }
    }
  });

  it('needs Number() only for subnormals, out-of-range exponents and 19+ digits (none on repr-written data)', () => {
    const x = new Float64Array(20_000);
    let seed = 1;
    for (let i = 0; i < x.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      x[i] = (seed / 2147483648 - 0.5) * 12;
    }
    const before = fallbackCount.calls;
    for (const v of x) {
      const text = pyRepr(v);
      expect(Object.is(parse(text), v)).toBe(true);
    }
    expect(fallbackCount.calls - before).toBe(0);
    // Dyadic values written out exactly (float32 data as doubles): the case Go's version leaves to its fallback.
    for (const text of ['4.4712982177734375', '-2.0913848876953125', '0.18898773193359375', '1.5050811767578125']) expectSame(text);
    expect(fallbackCount.calls - before).toBe(0);
  });

  it("has fast_float's table of 128-bit mantissas of 5^q, q = −342…308", () => {
    expect(POW10_MANTISSAS.length).toBe((Q_MAX - Q_MIN + 1) * 4);
    const entry = (q: number) => {
      let m = BigInt(0);
      for (let w = 0; w < 4; w++) m = (m << BigInt(32)) | BigInt(POW10_MANTISSAS[(q - Q_MIN) * 4 + w]!);
      return m;
    };
    const top = BigInt(1) << BigInt(127);
    for (let q = Q_MIN; q <= Q_MAX; q++) {
      const m = entry(q);
      expect(m >= top && m < top * BigInt(2)).toBe(true);
    }
    // Its first rows (5^−342, 5^−341), as printed in fast_float's and Go's sources.
    expect(entry(-342)).toBe(BigInt('0xeef453d6923bd65a113faa2906a13b3f'));
    expect(entry(-341)).toBe(BigInt('0x9558b4661b6565f84ac7ca59a424c507'));
    expect(entry(0)).toBe(top); // 5^0 = 1
    expect(entry(1)).toBe(BigInt(5) * (top >> BigInt(2))); // 5 = 1.01b · 2^2
  });
});

describe('the accepted syntax is the one the reader had', () => {
  const ODD = [
    '', ' ', '+', '-', '.', ',', '+.', '-.', 'e', 'E', 'e5', '.e5', '1e', '1e+', '1e-', '1E-', '1e+-5', '1ee5', '1e5.5',
    '1.2.3', '1,2,3', '1.2,3', '1,2.3', '--1', '+-1', '-+1', '1-', '1+', ' 1', '1 ', '1 000', '1_000', '0x1A', '0b1',
    '0o7', 'Infinity', '-Infinity', 'inf', 'NaN', 'nan', 'NA', '1e400', '-1e400', '1d5', '1f', '١', '½', '1.5%',
    '$1', '1.0e+0000000000005', '1e99999', '1e100000', '1e-100000', '0e100000', '.', '..5', '5..', '+5', '-5.',
    '00', '-00.00e-00', ',5', '5,', '-,5', '1,5e3', '1.5e3,', 'e+5', '1.e5', '.1e5', '1.5E+05',
  ];

  it('on odd inputs: the same value or the same NaN, with and without a decimal comma', () => {
    for (const text of ODD) {
      for (const comma of [false, true]) {
        const got = parse(text, comma);
        const before = legacy(text, comma);
        if (!Object.is(got, before)) expect.fail(`"${text}"${comma ? ' (comma)' : ''}: now ${got}, before ${before}`);
      }
    }
  });

  it('pins what is a number', () => {
    expect(parse('.5')).toBe(0.5);
    expect(parse('5.')).toBe(5);
    expect(parse('+5')).toBe(5);
    expect(Object.is(parse('-0'), -0)).toBe(true);
    expect(parse('1,5', true)).toBe(1.5);
    expect(parse('1.5', true)).toBe(1.5); // a decimal comma file may still hold points
    expect(parse(',5', true)).toBe(0.5);
    expect(parse('1,5e3', true)).toBe(1500);
    expect(parse('1e-400')).toBe(0); // underflow is a number, as Number says
    for (const text of ['1,5', '1e400', '-1e400', '1 5', ' 1', '1e', 'e1', '.', '+', '-', 'Infinity', '0x10', '1,000.5', '1.5.']) {
      expect(parse(text)).toBeNaN();
    }
  });

  it('on random strings over the characters of numbers and their neighbours', () => {
    const chars = fc.constantFrom(...'0123456789.,+-eE xI_'.split(''), '00', '1e', '.5');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 14 }), fc.boolean(), (parts, comma) => {
        const text = parts.join('');
        const got = parse(text, comma);
        const before = legacy(text, comma);
        if (!Object.is(got, before)) expect.fail(`"${text}"${comma ? ' (comma)' : ''}: now ${got}, before ${before}`);
      }),
      { numRuns: 30_000 },
    );
  });

  it('agrees with parseNumberText (workbook and transposed cells) on every string without spaces', () => {
    const chars = fc.constantFrom(...'0123456789.,+-eE'.split(''), '00', '1e', '.5', 'x');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 14 }), fc.boolean(), (parts, comma) => {
        const text = parts.join('');
        const bytes = parse(text, comma);
        const str = parseNumberText(text, comma);
        if (!Object.is(bytes, str)) expect.fail(`"${text}"${comma ? ' (comma)' : ''}: bytes ${bytes}, text ${str}`);
      }),
      { numRuns: 30_000 },
    );
  });

  it('parses a range inside a larger buffer (start, end) without looking past it', () => {
    const bytes = encoder.encode('x-1.2345678901234567e-3y');
    expect(parseNumberBytes(bytes, 1, bytes.length - 1, false)).toBe(-1.2345678901234567e-3);
    expect(parseNumberBytes(bytes, 1, 5, false)).toBe(-1.2);
    expect(parseNumberBytes(bytes, 1, 4, false)).toBe(-1);
    expect(parseNumberBytes(bytes, 0, 4, false)).toBeNaN();
    expect(parseNumberBytes(bytes, 3, 3, false)).toBeNaN();
  });
});

describe('through the CSV reader', () => {
  it('reads repr-written numbers exactly, in comma and semicolon files', () => {
    const values = [0.1, -1.2345678901234567, 2.2250738585072014e-308, 5e-324, 1.7976931348623157e308, 123456.78901234567, -0, 9007199254740992, 1e23];
    const csv = `id,x\n${values.map((v, i) => `s${i},${pyRepr(v)}`).join('\n')}\n`;
    const table = parseTable(encoder.encode(csv), 'repr.csv');
    const x = table.columns.find((c) => c.name === 'x')!;
    expect(x.kind).toBe('numeric');
    values.forEach((v, i) => expect(Object.is(x.numbers![i], Number(pyRepr(v)))).toBe(true));
    const semicolon = `id;x\n${values.map((v, i) => `s${i};${pyRepr(v).replace('.', ',')}`).join('\n')}\n`;
    const table2 = parseTable(encoder.encode(semicolon), 'comma.csv');
    const x2 = table2.columns.find((c) => c.name === 'x')!;
    values.forEach((v, i) => expect(Object.is(x2.numbers![i], Number(pyRepr(v)))).toBe(true));
  });
});

describe('plainDecimal (delimited.ts: a header cell known to be a number without its value)', () => {
  it('says "number" only where parseNumberBytes gives one, and on every short signed decimal (property)', () => {
    const enc = new TextEncoder();
    const text = fc.array(fc.constantFrom('0', '1', '9', '5', '.', '-', '+', 'e', 'E', ',', ' ', 'a'), { maxLength: 70 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, (s) => {
        const bytes = enc.encode(s);
        if (plainDecimal(bytes, 0, bytes.length)) expect(Number.isNaN(parseNumberBytes(bytes, 0, bytes.length, false))).toBe(false);
        return true;
      }),
      { numRuns: 5000 },
    );
    const decimal = fc.tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^[0-9]{0,20}$/), fc.constantFrom('', '.'), fc.stringMatching(/^[0-9]{0,20}$/));
    fc.assert(
      fc.property(decimal, ([sign, a, dot, b]) => {
        const bytes = enc.encode(sign + a + dot + (dot === '' ? '' : b));
        expect(plainDecimal(bytes, 0, bytes.length)).toBe(/[0-9]/.test(a + (dot === '' ? '' : b)));
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});
