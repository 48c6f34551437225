import { describe, expect, it } from 'vitest';
import {
  billingMonthOf,
  billingMonthStart,
  documentAllowed,
  monthAllowance,
  monthUsage,
} from '../../../domain/account/usage';

const terms = { limit: 10, extraDocumentPrice: 0.05, extraBudget: 0.15 };

describe('the monthly document limit', () => {
  it('allows documents up to the limit, then as many as the budget pays for at the extra price', () => {
    expect(monthAllowance(terms)).toBe(13);
    expect(documentAllowed(10, terms)).toBe(true);
    // 1, 2 and 3 past the limit cost 0.05, 0.10 and 0.15 EUR: within the budget of 0.15 EUR.
    expect(documentAllowed(11, terms)).toBe(true);
    expect(documentAllowed(13, terms)).toBe(true);
    expect(documentAllowed(14, terms)).toBe(false);
  });

  it('compares money exactly (3 × 0.1 EUR is within a budget of 0.3 EUR)', () => {
    const tenCents = { limit: 0, extraDocumentPrice: 0.1, extraBudget: 0.3 };
    expect(documentAllowed(3, tenCents)).toBe(true);
    expect(documentAllowed(4, tenCents)).toBe(false);
    expect(monthAllowance({ limit: 5, extraDocumentPrice: 0.0333, extraBudget: 1 })).toBe(5 + 30);
  });

  it('refuses the first document past the limit when there is no budget', () => {
    const none = { limit: 2, extraDocumentPrice: 0.05, extraBudget: 0 };
    expect(documentAllowed(2, none)).toBe(true);
    expect(documentAllowed(3, none)).toBe(false);
  });

  it('never refuses without a limit, nor when documents past it cost nothing', () => {
    expect(monthAllowance({ limit: null, extraDocumentPrice: 0.05, extraBudget: 0 })).toBeNull();
    expect(documentAllowed(1_000_000, { limit: null, extraDocumentPrice: 0.05, extraBudget: 0 })).toBe(true);
    expect(documentAllowed(1_000_000, { limit: 1, extraDocumentPrice: 0, extraBudget: 0 })).toBe(true);
  });

  it('counts per calendar month in UTC', () => {
    expect(billingMonthOf(Date.parse('2026-03-31T23:59:59.999Z'))).toBe('2026-03');
    expect(billingMonthOf(Date.parse('2026-04-01T00:00:00.000Z'))).toBe('2026-04');
    // Half past midnight in Warsaw on 1 April is still March in UTC.
    expect(billingMonthOf(Date.parse('2026-04-01T00:30:00+02:00'))).toBe('2026-03');
    expect(billingMonthStart('2026-12').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('shows the month: past the limit, its cost, the budget left and the documents still allowed', () => {
    expect(monthUsage({ ...terms, from: '2026-03-01T00:00:00.000Z', documents: 12 })).toEqual({
      ...terms,
      from: '2026-03-01T00:00:00.000Z',
      documents: 12,
      overLimit: 2,
      extraCost: 0.1,
      budgetLeft: 0.05,
      documentsLeft: 1,
    });
    const under = monthUsage({ ...terms, from: '2026-03-01T00:00:00.000Z', documents: 4 });
    expect(under).toMatchObject({ overLimit: 0, extraCost: 0, budgetLeft: 0.15, documentsLeft: 9 });
    const spent = monthUsage({ ...terms, from: '2026-03-01T00:00:00.000Z', documents: 13 });
    expect(spent).toMatchObject({ overLimit: 3, extraCost: 0.15, budgetLeft: 0, documentsLeft: 0 });
    const unlimited = monthUsage({
      limit: null,
      extraDocumentPrice: 0.05,
      extraBudget: 5,
      from: '2026-03-01T00:00:00.000Z',
      documents: 4000,
    });
    expect(unlimited).toMatchObject({ overLimit: 0, extraCost: 0, budgetLeft: 5, documentsLeft: null });
  });
});
