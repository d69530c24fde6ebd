import { describe, expect, it } from 'vitest';
import { conversionKind, convertValue, type ConversionKind, type Converted } from '../../src/keep/convert-value.js';

const fails: Converted = { ok: false };
const ok = (value: unknown): Converted => ({ ok: true, value });

describe('convertValue: one served value from its type before to its type after', () => {
  it.each<[string, unknown, string, string, Converted]>([
    // same
    ['String to String', 'a', 'String', 'String', ok('a')],
    ['[Int] to [Int]', [1, 2], '[Int]', '[Int]', ok([1, 2])],
    // safe
    ['Int to Float', 3, 'Int', 'Float', ok(3)],
    ['Float to String', 1.5, 'Float', 'String', ok('1.5')],
    ['Int to String', 12, 'Int', 'String', ok('12')],
    ['Boolean to String', true, 'Boolean', 'String', ok('true')],
    ['Boolean false to String', false, 'Boolean', 'String', ok('false')],
    ['Date to String', '2026-02-28', 'Date', 'String', ok('2026-02-28')],
    ['Int to [Int]', 7, 'Int', '[Int]', ok([7])],
    ['Int to [Float]', 7, 'Int', '[Float]', ok([7])],
    ['[Int] to [Float]', [1, 2], '[Int]', '[Float]', ok([1, 2])],
    ['[Boolean] to [String]', [true, false], '[Boolean]', '[String]', ok(['true', 'false'])],
    // strict: strings parsed
    ['"12" to Int', '12', 'String', 'Int', ok(12)],
    ['"-12" to Int', '-12', 'String', 'Int', ok(-12)],
    ['"1e3" to Float', '1e3', 'String', 'Float', ok(1000)],
    ['"1.5" to Float', '1.5', 'String', 'Float', ok(1.5)],
    ['"1.5" to Int fails', '1.5', 'String', 'Int', fails],
    ['"12.0" to Int (a whole number written as a decimal)', '12.0', 'String', 'Int', ok(12)],
    ['"-12.00" to Int', '-12.00', 'String', 'Int', ok(-12)],
    ['"1.2e1" to Int', '1.2e1', 'String', 'Int', ok(12)],
    ['"1200e-2" to Int', '1200e-2', 'String', 'Int', ok(12)],
    ['"-0.0" to Int is 0', '-0.0', 'String', 'Int', ok(0)],
    ['"12.5e0" to Int fails', '12.5e0', 'String', 'Int', fails],
    ['"1.0000000000000001" to Int fails (a double rounds it, the text is no whole number)', '1.0000000000000001', 'String', 'Int', fails],
    ['"1e-400" to Int fails', '1e-400', 'String', 'Int', fails],
    ['"12." to Int fails', '12.', 'String', 'Int', fails],
    ['"2147483647.0" to Int', '2147483647.0', 'String', 'Int', ok(2147483647)],
    ['"2147483648.0" to Int fails (past Int)', '2147483648.0', 'String', 'Int', fails],
    ['" 12" to Int fails (no trimming)', ' 12', 'String', 'Int', fails],
    ['"12 " to Int fails', '12 ', 'String', 'Int', fails],
    ['"12abc" to Int fails', '12abc', 'String', 'Int', fails],
    ['"" to Int fails', '', 'String', 'Int', fails],
    ['"" to Float fails', '', 'String', 'Float', fails],
    ['"0x10" to Int fails', '0x10', 'String', 'Int', fails],
    ['"Infinity" to Float fails', 'Infinity', 'String', 'Float', fails],
    ['"NaN" to Float fails', 'NaN', 'String', 'Float', fails],
    ['"1e400" to Float fails (not finite)', '1e400', 'String', 'Float', fails],
    ['"2147483647" to Int', '2147483647', 'String', 'Int', ok(2147483647)],
    ['"-2147483648" to Int', '-2147483648', 'String', 'Int', ok(-2147483648)],
    ['"2147483648" to Int fails (past Int)', '2147483648', 'String', 'Int', fails],
    ['"-2147483649" to Int fails', '-2147483649', 'String', 'Int', fails],
    ['"true" to Boolean', 'true', 'String', 'Boolean', ok(true)],
    ['"false" to Boolean', 'false', 'String', 'Boolean', ok(false)],
    ['"yes" to Boolean fails', 'yes', 'String', 'Boolean', fails],
    ['"True" to Boolean fails', 'True', 'String', 'Boolean', fails],
    ['"1" to Boolean fails', '1', 'String', 'Boolean', fails],
    ['"2026-02-28" to Date', '2026-02-28', 'String', 'Date', ok('2026-02-28')],
    ['"2024-02-29" to Date (leap year)', '2024-02-29', 'String', 'Date', ok('2024-02-29')],
    ['"2026-02-30" to Date fails (no such day)', '2026-02-30', 'String', 'Date', fails],
    ['"2026-02-29" to Date fails (not a leap year)', '2026-02-29', 'String', 'Date', fails],
    ['"2026-13-01" to Date fails', '2026-13-01', 'String', 'Date', fails],
    ['"2026-2-28" to Date fails', '2026-2-28', 'String', 'Date', fails],
    ['a DateTime to Date fails', '2026-02-28T10:00:00Z', 'String', 'Date', fails],
    ['DateTime with Z', '2026-02-28T10:00:00Z', 'String', 'DateTime', ok('2026-02-28T10:00:00Z')],
    ['DateTime with fraction and Z', '2026-02-28T10:00:00.123Z', 'String', 'DateTime', ok('2026-02-28T10:00:00.123Z')],
    ['DateTime with an offset', '2026-02-28T10:00+02:00', 'String', 'DateTime', ok('2026-02-28T10:00+02:00')],
    ['DateTime without a zone fails', '2026-02-28T10:00:00', 'String', 'DateTime', fails],
    ['DateTime on no day fails', '2026-02-30T10:00:00Z', 'String', 'DateTime', fails],
    ['DateTime at hour 25 fails', '2026-02-28T25:00:00Z', 'String', 'DateTime', fails],
    ['a Date to DateTime fails', '2026-02-28', 'String', 'DateTime', fails],
    ['"12" to [Int]', '12', 'String', '[Int]', ok([12])],
    ['["1","2"] to [Int]', ['1', '2'], '[String]', '[Int]', ok([1, 2])],
    ['["1","x"] to [Int] fails as a whole', ['1', 'x'], '[String]', '[Int]', fails],
    // strict: Float to Int
    ['3 Float to Int', 3, 'Float', 'Int', ok(3)],
    ['3.0 Float to Int', 3.0, 'Float', 'Int', ok(3)],
    ['-3 Float to Int', -3, 'Float', 'Int', ok(-3)],
    ['2.5 Float to Int fails', 2.5, 'Float', 'Int', fails],
    ['2147483647 Float to Int', 2147483647, 'Float', 'Int', ok(2147483647)],
    ['2147483648 Float to Int fails (past Int)', 2147483648, 'Float', 'Int', fails],
    ['-2147483649 Float to Int fails', -2147483649, 'Float', 'Int', fails],
    ['1e21 Float to Int fails', 1e21, 'Float', 'Int', fails],
    // strict: a list of at most one to one value
    ['[x] to X', [5], '[Int]', 'Int', ok(5)],
    ['[x] to X, converting the element', [5], '[Int]', 'Float', ok(5)],
    ['["12"] to Int', ['12'], '[String]', 'Int', ok(12)],
    ['[] to null', [], '[Int]', 'Int', ok(null)],
    ['[a, b] to X fails', [1, 2], '[Int]', 'Int', fails],
    ['[a, b] to String fails', ['a', 'b'], '[String]', 'String', fails],
    ['a non-list served for [X] fails', 5, '[Int]', 'Int', fails],
    ['a non-list served for [X] to [Y] fails', 5, '[Int]', '[Float]', fails],
    // null stays null
    ['null Int to Float', null, 'Int', 'Float', ok(null)],
    ['null String to Int', null, 'String', 'Int', ok(null)],
    ['null [Int] to Int', null, '[Int]', 'Int', ok(null)],
    ['null Boolean to Int (never)', null, 'Boolean', 'Int', ok(null)],
    ['undefined as null', undefined, 'String', 'Int', ok(null)],
    ['a null element of a list stays null', [1, null], '[Int]', '[Float]', ok([1, null])],
    // wrong served shapes
    ['a string served as Int to Float fails', '3', 'Int', 'Float', fails],
    ['an object to String fails', { a: 1 }, 'Int', 'String', fails],
    ['a number served as String to Int fails', 12, 'String', 'Int', fails],
    // never
    ['Boolean to Int fails', true, 'Boolean', 'Int', fails],
    ['Int to Boolean fails', 1, 'Int', 'Boolean', fails],
    ['Date to DateTime fails', '2026-02-28', 'Date', 'DateTime', fails],
    ['DateTime to Date fails', '2026-02-28T10:00:00Z', 'DateTime', 'Date', fails],
  ])('%s', (_case, value, from, to, expected) => {
    expect(convertValue(value, from, to)).toEqual(expected);
  });
});

describe('conversionKind', () => {
  it.each<[string, string, ConversionKind]>([
    ['String', 'String', 'same'],
    ['[Int]', '[Int]', 'same'],
    ['Int', 'Float', 'safe'],
    ['Int', 'String', 'safe'],
    ['Float', 'String', 'safe'],
    ['Boolean', 'String', 'safe'],
    ['Date', 'String', 'safe'],
    ['DateTime', 'String', 'safe'],
    ['Int', '[Int]', 'safe'],
    ['Int', '[Float]', 'safe'],
    ['Boolean', '[String]', 'safe'],
    ['[Int]', '[Float]', 'safe'],
    ['[Date]', '[String]', 'safe'],
    ['String', 'Int', 'strict'],
    ['String', 'Float', 'strict'],
    ['String', 'Boolean', 'strict'],
    ['String', 'Date', 'strict'],
    ['String', 'DateTime', 'strict'],
    ['String', '[Int]', 'strict'],
    ['[String]', '[Int]', 'strict'],
    ['Float', 'Int', 'strict'],
    ['[Float]', '[Int]', 'strict'],
    ['[Int]', 'Int', 'strict'],
    ['[Int]', 'Float', 'strict'],
    ['[String]', 'String', 'strict'],
    ['[Int]', 'String', 'strict'],
    ['[String]', 'Int', 'strict'],
    ['Float', 'Boolean', 'never'],
    ['Boolean', 'Int', 'never'],
    ['Int', 'Boolean', 'never'],
    ['Int', 'Date', 'never'],
    ['Date', 'DateTime', 'never'],
    ['DateTime', 'Date', 'never'],
    ['Date', 'Int', 'never'],
    ['[Boolean]', 'Int', 'never'],
    ['[Boolean]', '[Int]', 'never'],
    ['Boolean', '[Int]', 'never'],
    // Property types are the caller's: any pair with one is never, but for the same name.
    ['Size', 'Dimensions', 'never'],
    ['String', 'Size', 'never'],
    ['Size', 'String', 'never'],
    ['[Size]', '[Dimensions]', 'never'],
    ['Size', '[Size]', 'never'],
    ['[Size]', 'Size', 'never'],
    ['[String]', '[Size]', 'never'],
    ['Size', 'Size', 'same'],
  ])('%s to %s is %s', (from, to, expected) => {
    expect(conversionKind(from, to)).toBe(expected);
  });

  it('agrees with convertValue: a same or safe kind converts every well-typed value', () => {
    const samples: Record<string, unknown> = { String: 'x', Int: 4, Float: 4.5, Boolean: true, Date: '2026-01-01', DateTime: '2026-01-01T00:00:00Z' };
    for (const [from, value] of Object.entries(samples)) {
      for (const to of Object.keys(samples)) {
        for (const [f, t, v] of [
          [from, to, value],
          [from, `[${to}]`, value],
          [`[${from}]`, `[${to}]`, [value]],
        ] as const) {
          const kind = conversionKind(f, t);
          if (kind === 'same' || kind === 'safe') expect(convertValue(v, f, t).ok, `${f} to ${t}`).toBe(true);
          if (kind === 'never') expect(convertValue(v, f, t).ok, `${f} to ${t}`).toBe(false);
        }
      }
    }
  });
});
