import { describe, expect, it } from 'vitest';
import { chartRows, periodStart } from '../../../../src/features/catalyst/marketData';

describe('stock-market history for the charts', () => {
  it('puts the points in time order with the market quote and the company rate, labelled in UTC', () => {
    const rows = chartRows(
      {
        rateId: 'r',
        label: 'Pt',
        name: 'Platinum',
        points: [
          { at: '2026-03-02T10:00:00.000Z', price: 32, companyPrice: 31.5 },
          { at: '2026-03-01T09:30:00.000Z', price: 29, companyPrice: null },
        ],
      },
      'en-GB',
    );
    expect(rows).toEqual([
      { label: '01/03, 09:30', market: 29, company: null },
      { label: '02/03, 10:00', market: 32, company: 31.5 },
    ]);
  });

  it('counts the period back from the server time, not the browser clock', () => {
    expect(periodStart('2026-03-31T12:00:00.000Z', 30)).toBe('2026-03-01T12:00:00.000Z');
  });
});
