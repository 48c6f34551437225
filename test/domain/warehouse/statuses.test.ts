import { describe, expect, it } from 'vitest';
import {
  assertDocumentTransition,
  assertTransition,
  canDeleteDocument,
  canDeleteOrder,
  canEditDocument,
  canRevertOrder,
  canTransition,
  canTransitionDocument,
  documentStatuses,
  type OrderStatus,
  orderStatuses,
} from '../../../domain/warehouse/statuses';
import {
  needsApproval,
  verificationDifferences,
  verificationStatus,
} from '../../../domain/warehouse/verification';

describe('document status', () => {
  it('allows exactly workingCopy → confirmed → reverted', () => {
    const allowed = documentStatuses.flatMap((from) =>
      documentStatuses.filter((to) => canTransitionDocument(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual(['workingCopy>confirmed', 'confirmed>reverted']);
  });

  it('edits and deletes only working copies', () => {
    expect(documentStatuses.filter(canEditDocument)).toEqual(['workingCopy']);
    expect(documentStatuses.filter(canDeleteDocument)).toEqual(['workingCopy']);
  });

  it('refuses with statusForbidsChange', () => {
    expect(assertDocumentTransition('workingCopy', 'confirmed')).toBeNull();
    expect(assertDocumentTransition('reverted', 'confirmed')).toEqual({
      code: 'statusForbidsChange',
      field: 'statusCode',
      params: { from: 'reverted', to: 'confirmed' },
    });
  });
});

describe('order status', () => {
  /** The documented table (docs/warehouse-rules.md); any change must be deliberate. */
  const expected: Record<OrderStatus, OrderStatus[]> = {
    workingCopy: ['pending', 'waitingToProcess'],
    pending: ['workingCopy', 'waitingToProcess', 'closedManually'],
    waitingToProcess: ['workingCopy', 'inProgress', 'closedManually'],
    inProgress: ['doneUnconfirmed', 'doneConfirmed', 'closedManually'],
    doneUnconfirmed: ['inProgress', 'doneConfirmed', 'closedManually'],
    doneConfirmed: ['inProgress', 'closedFully', 'closedManually'],
    closedFully: ['archived'],
    closedManually: ['archived'],
    archived: [],
    unknown: ['closedManually', 'archived'],
  };

  it('has the ten statuses of §4', () => {
    expect(orderStatuses).toHaveLength(10);
  });

  it.each(orderStatuses)('from %s allows exactly the documented targets', (from) => {
    expect(orderStatuses.filter((to) => canTransition(from, to))).toEqual(
      orderStatuses.filter((to) => expected[from].includes(to)),
    );
  });

  it('never allows staying, and archived is final', () => {
    for (const s of orderStatuses) expect(canTransition(s, s)).toBe(false);
    expect(orderStatuses.some((to) => canTransition('archived', to))).toBe(false);
  });

  it('refuses a forbidden change with statusForbidsChange', () => {
    expect(assertTransition('closedFully', 'inProgress')).toMatchObject({ code: 'statusForbidsChange' });
    expect(assertTransition('inProgress', 'doneConfirmed')).toBeNull();
  });

  it('needs a reason to close manually', () => {
    expect(assertTransition('inProgress', 'closedManually')).toEqual({
      code: 'closeReasonRequired',
      field: 'closedManuallyReason',
    });
    expect(assertTransition('inProgress', 'closedManually', { reason: 'lost' })).toBeNull();
  });

  it('reverts only before realisation began', () => {
    expect(canRevertOrder('waitingToProcess', false)).toBe(true);
    expect(canRevertOrder('pending', false)).toBe(true);
    expect(canRevertOrder('waitingToProcess', true)).toBe(false);
    expect(orderStatuses.filter((s) => canRevertOrder(s, false))).toEqual(['pending', 'waitingToProcess']);
    expect(assertTransition('waitingToProcess', 'workingCopy', { realisationStarted: true })).toMatchObject({
      code: 'statusForbidsChange',
    });
    expect(assertTransition('waitingToProcess', 'workingCopy')).toBeNull();
  });

  it('deletes only orders in preparation', () => {
    expect(orderStatuses.filter(canDeleteOrder)).toEqual(['workingCopy', 'pending']);
  });
});

describe('verification status', () => {
  const line = (expected: number, counted: number | null) => ({ expected, counted });

  it('is notStarted until something is counted', () => {
    expect(verificationStatus([line(5, null), line(2, null)], false)).toBe('notStarted');
    expect(verificationStatus([], false)).toBe('notStarted');
  });

  it('tells in-progress counts with and without differences', () => {
    expect(verificationStatus([line(5, 5), line(2, null)], false)).toBe('inProgressNoDifferences');
    expect(verificationStatus([line(5, 4), line(2, null)], false)).toBe('inProgressWithDifferences');
  });

  it('counts uncounted lines as zero once finished', () => {
    expect(verificationStatus([line(5, 5), line(0, null)], true)).toBe('finishedNoDifferences');
    expect(verificationStatus([line(5, 5), line(2, null)], true)).toBe('finishedWithDifferences');
    expect(verificationStatus([], true)).toBe('finishedNoDifferences');
  });

  it('ignores float noise', () => {
    expect(verificationStatus([line(0.3, 0.1 + 0.2)], true)).toBe('finishedNoDifferences');
  });

  it('lists differences with their sign and index', () => {
    const positions = [line(5, 7), line(3, 3), line(2, null), line(4, 1)];
    expect(verificationDifferences(positions).map((d) => [d.index, d.difference])).toEqual([
      [0, 2],
      [3, -3],
    ]);
    expect(verificationDifferences(positions, true).map((d) => [d.index, d.difference])).toEqual([
      [0, 2],
      [2, -2],
      [3, -3],
    ]);
  });

  describe('needsApproval', () => {
    const diffs = verificationDifferences([line(100, 95)]);
    it('is off while the switch is off', () => {
      expect(needsApproval(diffs, { enabled: false, quantity: 0, percent: 0 })).toBe(false);
    });
    it('compares the size with the absolute limit', () => {
      expect(needsApproval(diffs, { enabled: true, quantity: 5, percent: null })).toBe(false);
      expect(needsApproval(diffs, { enabled: true, quantity: 4.999, percent: null })).toBe(true);
    });
    it('compares the size with the percent of the expected quantity', () => {
      expect(needsApproval(diffs, { enabled: true, quantity: null, percent: 5 })).toBe(false);
      expect(needsApproval(diffs, { enabled: true, quantity: null, percent: 4 })).toBe(true);
      expect(
        needsApproval(verificationDifferences([line(0, 1)]), {
          enabled: true,
          quantity: null,
          percent: 1000,
        }),
      ).toBe(true);
    });
    it('needs approval for any difference when no limit is set, none without differences', () => {
      expect(needsApproval(diffs, { enabled: true, quantity: null, percent: null })).toBe(true);
      expect(needsApproval([], { enabled: true, quantity: null, percent: null })).toBe(false);
    });
    it('exceeding either limit is enough', () => {
      expect(needsApproval(diffs, { enabled: true, quantity: 10, percent: 1 })).toBe(true);
    });
  });
});
