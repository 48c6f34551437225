import { describe, expect, it } from 'vitest';
import { issue } from '../../../../domain/warehouse/issues';
import type { DocumentRule } from '../../../../domain/warehouse/resolveDocument';
import { productRulesOf } from '../../../../domain/warehouse/ruleInputs';
import { documentRules } from '../../../../domain/warehouse/validateDocument';
import {
  emptyHeader,
  emptyPosition,
  instantIssues,
  instantRules,
  toDocumentInput,
} from '../../../../src/features/documents/documentForm';

/**
 * docs/recipes.md, "A document rule": a rule is a pure function of the resolved document; added to `instantRules`
 * the desktop editor shows its issue as the user types; every instant rule is also one the server runs.
 */
describe('recipe: a document rule', () => {
  // Throwaway: a receipt line may not carry more than 100 units (reusing an existing code for the test).
  const checkAtMostHundred: DocumentRule = ({ positions }) =>
    positions
      .filter((p) => (p.draft.quantity ?? 0) > 100)
      .map((p) => issue('quantityExceedsOrder', { positionIndex: p.index, field: 'quantity' }));

  const input = toDocumentInput({ ...emptyHeader('DIN'), destinationLocationId: 'loc-1' }, [
    { ...emptyPosition(), productId: 'p-1', quantity: 5 },
    { ...emptyPosition(), productId: 'p-1', quantity: 500 },
  ]);
  const products = new Map([['p-1', productRulesOf({ id: 'p-1', index: 'ABC' })]]);

  it('shows the new rule’s issue on its position once it is in the editor’s list', () => {
    expect(instantIssues(input, products).filter((i) => i.code === 'quantityExceedsOrder')).toEqual([]);
    const issues = instantIssues(input, products, [...instantRules, checkAtMostHundred]);
    expect(issues.filter((i) => i.code === 'quantityExceedsOrder')).toEqual([
      { code: 'quantityExceedsOrder', positionIndex: 1, field: 'quantity' },
    ]);
  });

  it('keeps every instant rule among the rules the server and the terminal run', () => {
    for (const rule of instantRules) expect(documentRules).toContain(rule);
  });
});
