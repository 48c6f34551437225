import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DocumentNumberingScheme,
  deviceShortCode,
  documentNumberingSchema,
  formatDocumentNumber,
  isProvisionalNumber,
  parseDocumentNumber,
  parseProvisionalNumber,
  periodKey,
  provisionalNumber,
} from '../../../domain/numbering/documentNumber';

const runs = { numRuns: 1000 };

const alnum = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
const word = (max: number) => fc.array(alnum, { minLength: 1, maxLength: max }).map((c) => c.join(''));
const prefix = fc.oneof(
  fc.constantFrom(
    'ARL',
    'DIN',
    'DOU',
    'OIN',
    'OOU',
    'IIN',
    'IOU',
    'LCR',
    'PRL',
    'VER-A',
    'VER-P',
    'VER-C',
    'VER-L',
  ),
  word(10),
  fc.tuple(word(4), word(5)).map(([a, b]) => `${a}-${b}`),
);
const workingCopyPrefix = fc.oneof(
  fc.constantFrom('WC-', 'WC', 'KR_', 'TMP-'),
  fc.array(fc.constantFrom(...'AZaz09-_'), { minLength: 1, maxLength: 10 }).map((c) => c.join('')),
);

const scheme: fc.Arbitrary<DocumentNumberingScheme> = fc
  .record({
    prefix,
    counterDigits: fc.integer({ min: 5, max: 8 }),
    yearDigits: fc.constantFrom(2 as const, 4 as const),
    withMonth: fc.boolean(),
    reset: fc.constantFrom('monthly' as const, 'yearly' as const, 'never' as const),
    workingCopyPrefix,
  })
  .map((s) => documentNumberingSchema.parse(s.reset === 'monthly' ? { ...s, withMonth: true } : s));

/** Dates 2000–2099 (a 2-digit year reads back as 20YY). */
const date = fc.record({
  year: fc.integer({ min: 2000, max: 2099 }),
  month: fc.integer({ min: 1, max: 12 }),
});
const counterFor = (s: DocumentNumberingScheme) => fc.integer({ min: 1, max: 10 ** s.counterDigits - 1 });
const deviceId = fc.oneof(
  fc.uuid(),
  fc.stringMatching(/^[0-9A-Z]{1,8}$/),
  fc.string({ minLength: 1, maxLength: 40 }),
);
const deviceSeq = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

const numberOf = (result: { ok: true; number: string } | { ok: false }): string => {
  if (!result.ok) throw new Error(`expected a number, got ${JSON.stringify(result)}`);
  return result.number;
};

describe('document number properties', () => {
  it('format → parse round-trips', () => {
    fc.assert(
      fc.property(
        scheme.chain((s) => fc.tuple(fc.constant(s), counterFor(s), date)),
        ([s, counter, d]) => {
          const text = numberOf(formatDocumentNumber(s, counter, d));
          expect(parseDocumentNumber(s, text)).toEqual(
            s.withMonth ? { counter, year: d.year, month: d.month } : { counter, year: d.year },
          );
          // counter is always zero-padded to the scheme's width
          expect(text.split('/').at(-1)).toHaveLength(s.counterDigits);
        },
      ),
      runs,
    );
  });

  it('overflow exactly at 10^counterDigits', () => {
    fc.assert(
      fc.property(scheme, date, fc.integer({ min: 0, max: 1_000_000 }), (s, d, extra) => {
        expect(formatDocumentNumber(s, 10 ** s.counterDigits + extra, d)).toEqual({
          ok: false,
          error: 'counterOverflow',
          max: 10 ** s.counterDigits - 1,
        });
      }),
      runs,
    );
  });

  it('equal final numbers of one scheme mean the same counter row and counter (no collision across periods)', () => {
    fc.assert(
      fc.property(
        scheme.chain((s) => fc.tuple(fc.constant(s), counterFor(s), date, counterFor(s), date)),
        ([s, c1, d1, c2, d2]) => {
          const a = numberOf(formatDocumentNumber(s, c1, d1));
          const b = numberOf(formatDocumentNumber(s, c2, d2));
          if (a === b) {
            expect(c1).toBe(c2);
            expect(periodKey(s, d1)).toBe(periodKey(s, d2));
          }
          if (c1 === c2 && periodKey(s, d1) !== periodKey(s, d2)) expect(a).not.toBe(b);
        },
      ),
      runs,
    );
  });

  it('provisional numbers never collide with final numbers, of any scheme', () => {
    fc.assert(
      fc.property(
        scheme,
        scheme.chain((s) => fc.tuple(fc.constant(s), counterFor(s))),
        date,
        date,
        deviceId,
        deviceSeq,
        (provisionalScheme, [finalScheme, counter], d1, d2, device, seq) => {
          const provisional = numberOf(provisionalNumber(provisionalScheme, seq, device, d1));
          const final = numberOf(formatDocumentNumber(finalScheme, counter, d2));
          expect(provisional).not.toBe(final);
          expect(parseDocumentNumber(finalScheme, provisional)).toBeUndefined();
          expect(parseDocumentNumber(provisionalScheme, provisional)).toBeUndefined();
          expect(isProvisionalNumber(provisional)).toBe(true);
          expect(isProvisionalNumber(final)).toBe(false);
          expect(parseProvisionalNumber(finalScheme, final)).toBeUndefined();
        },
      ),
      runs,
    );
  });

  it('provisional numbers read back, and differ for different devices or sequences', () => {
    fc.assert(
      fc.property(
        scheme,
        date,
        deviceId,
        deviceSeq,
        deviceId,
        deviceSeq,
        (s, d, device, seq, otherDevice, otherSeq) => {
          const text = numberOf(provisionalNumber(s, seq, device, d));
          const parsed = parseProvisionalNumber(s, text);
          expect(parsed).toEqual({
            deviceShort: deviceShortCode(device),
            deviceSeq: seq,
            year: d.year,
            ...(s.withMonth ? { month: d.month } : {}),
          });
          const other = numberOf(provisionalNumber(s, otherSeq, otherDevice, d));
          if (deviceShortCode(device) !== deviceShortCode(otherDevice) || seq !== otherSeq)
            expect(other).not.toBe(text);
        },
      ),
      runs,
    );
  });
});
