import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gs1ErrorCodes, gtinCheckDigit, parseGs1 } from '../../../domain/barcodes/gs1';
import { daysInMonth } from '../../../domain/barcodes/gs1Date';

const GS = '\u001d';
const today = '2026-05-14';
const runs = { numRuns: 1000 };

interface Element {
  readonly ai: string;
  readonly raw: string;
  /** Predefined length: never followed by FNC1. */
  readonly fixed: boolean;
}

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const gtin = digits(13).map((body) => `${body}${gtinCheckDigit(body)}`);
/** GS1 character set 82 without parentheses (which the human-readable form cannot carry). */
const set82 = '!"%&\'*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const text20 = fc
  .array(fc.constantFrom(...set82), { minLength: 1, maxLength: 20 })
  .map((chars) => chars.join(''));
const pad2 = (n: number) => String(n).padStart(2, '0');
/** A date within the −49…+50 window around 2026, as [YYMMDD, ISO]. */
const gs1Date = fc
  .record({
    year: fc.integer({ min: 1977, max: 2076 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(({ year, month, day }) => {
    const d = Math.min(day, daysInMonth(year, month));
    return [`${pad2(year % 100)}${pad2(month)}${pad2(d)}`, `${year}-${pad2(month)}-${pad2(d)}`] as const;
  });

interface Scenario {
  readonly elements: readonly Element[];
  readonly expected: Record<string, string | number>;
}

const scenario: fc.Arbitrary<Scenario> = fc
  .record(
    {
      gtin,
      lot: text20,
      serial: text20,
      expiry: gs1Date,
      production: gs1Date,
      weight: fc.record({ decimals: fc.integer({ min: 0, max: 5 }), raw: digits(6) }),
    },
    { requiredKeys: ['gtin'] },
  )
  .chain((picked) => {
    const elements: Element[] = [];
    const expected: Record<string, string | number> = { gtin: picked.gtin };
    if (picked.lot !== undefined) {
      elements.push({ ai: '10', raw: picked.lot, fixed: false });
      expected.lot = picked.lot;
    }
    if (picked.serial !== undefined) {
      elements.push({ ai: '21', raw: picked.serial, fixed: false });
      expected.serial = picked.serial;
    }
    if (picked.expiry !== undefined) {
      elements.push({ ai: '17', raw: picked.expiry[0], fixed: true });
      expected.expiryDate = picked.expiry[1];
    }
    if (picked.production !== undefined) {
      elements.push({ ai: '11', raw: picked.production[0], fixed: true });
      expected.productionDate = picked.production[1];
    }
    if (picked.weight !== undefined) {
      elements.push({ ai: `310${picked.weight.decimals}`, raw: picked.weight.raw, fixed: true });
      expected.netWeightKg = Number(picked.weight.raw) / 10 ** picked.weight.decimals;
    }
    // AI 01 first (so the unmarked form is recognised too), the rest in any order
    return fc
      .shuffledSubarray(elements, { minLength: elements.length, maxLength: elements.length })
      .map((rest) => ({ elements: [{ ai: '01', raw: picked.gtin, fixed: true }, ...rest], expected }));
  });

const elementString = (elements: readonly Element[], separator: string): string =>
  elements.map((e, i) => `${e.ai}${e.raw}${!e.fixed && i < elements.length - 1 ? separator : ''}`).join('');

describe('parseGs1 properties', () => {
  it('every encoding of the same elements reads back the same fields', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.constantFrom(']C1', ']d2', ']Q3', GS, ''),
        fc.constantFrom(GS, '~', '{GS}'),
        ({ elements, expected }, prefix, separator) => {
          const fnc1Substitute = separator === GS ? undefined : separator;
          const encodings = [
            `${prefix}${elementString(elements, separator)}`,
            elements.map((e) => `(${e.ai})${e.raw}`).join(''),
            `${prefix === GS ? '' : prefix}${elements.map((e) => `(${e.ai})${e.raw}`).join(' ')}\r\n`,
          ];
          for (const encoded of encodings) {
            const result = parseGs1(encoded, fnc1Substitute ? { today, fnc1Substitute } : { today });
            expect(result, encoded).toMatchObject({ ok: true, ...expected });
            if (result.ok) expect(result.elements.map((e) => e.ai)).toEqual(elements.map((e) => e.ai));
          }
        },
      ),
      runs,
    );
  });

  it('never throws and only answers known error codes', () => {
    const noise = fc.string({
      unit: fc.constantFrom('0', '1', '2', '3', '7', '9', '(', ')', ']', 'C', 'd', 'A', GS, '~', ' ', '/'),
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.oneof(noise, fc.string({ maxLength: 60 })), (input) => {
        const result = parseGs1(input, { today, fnc1Substitute: '~' });
        if (!result.ok) {
          expect(gs1ErrorCodes).toContain(result.error);
          if (result.position !== undefined) {
            expect(result.position).toBeGreaterThanOrEqual(0);
            expect(result.position).toBeLessThanOrEqual(input.length);
          }
        } else {
          for (const element of result.elements) expect(element.ai).toMatch(/^\d{2,4}$/);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('a single changed GTIN digit inside a GS1 scan is always caught', () => {
    fc.assert(
      fc.property(gtin, fc.nat(13), fc.integer({ min: 1, max: 9 }), (code, at, delta) => {
        const wrong = `${code.slice(0, at)}${(Number(code[at]) + delta) % 10}${code.slice(at + 1)}`;
        expect(parseGs1(`]C101${wrong}10LOT`, { today })).toMatchObject({
          ok: false,
          error: 'invalidCheckDigit',
          ai: '01',
        });
      }),
      runs,
    );
  });
});
