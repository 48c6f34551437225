import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareNames } from '../../domain/compareNames';

const collator = (a: string, b: string): number => a.localeCompare(b, 'en');
const sign = (n: number): number => Math.sign(n);

describe('compareNames', () => {
  it('orders identifiers as localeCompare does', () => {
    const identifier = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,12}$/);
    fc.assert(
      fc.property(identifier, identifier, (a, b) => {
        expect(sign(compareNames(a, b))).toBe(sign(collator(a, b)));
      }),
      { numRuns: 2000 },
    );
  });
});
