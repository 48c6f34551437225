import { describe, expect, it } from 'vitest';
import { priceCatalyst } from '../../../../domain/catalyst/pricing';
import { breakdownRows } from '../../../../src/features/catalyst/priceBreakdown';
import { workedExample } from '../../../domain/catalyst/fixtures';

describe('"why this price" rows', () => {
  const result = priceCatalyst(workedExample());
  const rows = breakdownRows(result);

  it('shows every line of the engine, in its order, and they add up to the price', () => {
    expect(rows.map((r) => r.label)).toEqual(result.lines.map((l) => l.kind));
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    const sum = rows.reduce((s, r) => s + r.value, 0);
    expect(result.price).not.toBeNull();
    expect(Math.abs(sum - (result.price ?? 0))).toBeLessThanOrEqual(1e-9);
  });

  it('names the metal, its grams, the return rate, the payable grams and the rate paid', () => {
    const metals = result.lines.filter((l) => l.kind === 'metal');
    expect(metals.length).toBeGreaterThan(0);
    for (const line of metals) {
      if (line.kind !== 'metal') continue;
      const row = rows.find((r) => r.label === 'metal' && r.params.metal === line.shortName);
      expect(row?.params).toMatchObject({
        grams: Number(line.grams.toFixed(3)),
        returnRate: Number(line.returnRate.toFixed(2)),
        payable: Number(line.payableGrams.toFixed(3)),
        rate: Number(line.rate.toFixed(4)),
      });
      expect(row?.value).toBe(line.value);
    }
  });
});
