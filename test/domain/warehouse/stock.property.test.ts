import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canTransitionDocument, type DocumentStatus } from '../../../domain/warehouse/statuses';
import {
  applyMovements,
  movementsOf,
  revertMovements,
  type StockMap,
  type StockMovement,
  sumMovements,
} from '../../../domain/warehouse/stock';
import { validateDocument } from '../../../domain/warehouse/validateDocument';
import type { DocumentDraft, PositionDraft } from '../../../domain/warehouse/validationInput';
import { aContext, aLocation, aProduct } from './fixtures';

const typeCodes = ['DIN', 'IIN', 'DOU', 'IOU', 'ARL', 'LCR', 'PRL'] as const;
const productIds = ['p1', 'p2'];
const locationIds = ['a', 'b'];

// A small key space so releases and reverts often find the goods, and sometimes do not.
const positionArb: fc.Arbitrary<PositionDraft> = fc.record({
  productId: fc.constantFrom(...productIds),
  // Thousandths exercise the fixed-precision arithmetic.
  quantity: fc.integer({ min: 1, max: 5000 }).map((n) => n / 1000),
  sourceLocationId: fc.constantFrom(...locationIds),
  destinationLocationId: fc.constantFrom(...locationIds),
  sourceContainer: fc.constantFrom(null, 'C1'),
  destinationContainer: fc.constantFrom(null, 'C1'),
  expDate: fc.constantFrom(null, '2030-01-01'),
});

type Command =
  | {
      readonly op: 'create';
      readonly typeCode: (typeof typeCodes)[number];
      readonly positions: PositionDraft[];
    }
  | { readonly op: 'confirm' | 'revert'; readonly pick: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('create' as const),
      typeCode: fc.constantFrom(...typeCodes),
      positions: fc.array(positionArb, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('confirm' as const), pick: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('revert' as const), pick: fc.nat(50) }) },
);

interface Doc {
  readonly draft: DocumentDraft;
  readonly positions: PositionDraft[];
  status: DocumentStatus;
}

const header = (typeCode: string): DocumentDraft => ({
  typeCode,
  statusCode: 'workingCopy',
  contractorId: null,
  sourceLocationId: null,
  destinationLocationId: null,
  sourceContainer: null,
  destinationContainer: null,
  orderId: null,
});

const nonZero = (m: Map<string, number>) => new Map([...m].filter(([, q]) => q !== 0));
const sorted = (m: StockMap) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));

const context = (stock: StockMap) =>
  aContext({
    products: productIds.map((id) => aProduct({ id, index: id.toUpperCase() })),
    locations: locationIds.map((id) => aLocation({ id, label: id })),
    available: Object.fromEntries(stock),
  });

describe('stock ledger property', () => {
  it('keeps stock equal to the ledger sum and never negative; refused operations change nothing', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 40, size: 'max' }), (commands) => {
        let stock: Map<string, number> = new Map();
        const ledger: StockMovement[] = [];
        const docs: Doc[] = [];
        for (const command of commands) {
          const before = sorted(stock);
          if (command.op === 'create') {
            docs.push({
              draft: header(command.typeCode),
              positions: command.positions,
              status: 'workingCopy',
            });
            continue;
          }
          const doc = docs.length ? docs[command.pick % docs.length] : undefined;
          if (!doc) continue;
          const target: DocumentStatus = command.op === 'confirm' ? 'confirmed' : 'reverted';
          const moves = movementsOf(doc.draft, doc.positions);
          if (!canTransitionDocument(doc.status, target)) {
            // The state machine refuses: a second confirm, a revert of a working copy, anything after reverted.
            expect(
              doc.status === 'reverted' || (doc.status === 'workingCopy') === (target === 'reverted'),
            ).toBe(true);
            continue;
          }
          if (target === 'confirmed') {
            const issues = validateDocument(doc.draft, doc.positions, context(stock));
            const result = applyMovements(stock, moves);
            // The availability rule is at least as strict as the arithmetic (it does not credit incoming goods).
            if (!issues.some((i) => i.code === 'quantityExceedsAvailable')) expect(result.ok).toBe(true);
            if (result.ok) {
              stock = result.stock;
              ledger.push(...moves);
              doc.status = 'confirmed';
            }
          } else {
            const result = revertMovements(stock, moves);
            if (result.ok) {
              stock = result.stock;
              ledger.push(...moves.map((m) => ({ ...m, quantity: -m.quantity })));
              doc.status = 'reverted';
            }
          }
          if (doc.status !== target) expect(sorted(stock)).toEqual(before);
          for (const q of stock.values()) expect(q).toBeGreaterThan(0);
          expect(sorted(stock)).toEqual(sorted(nonZero(sumMovements(ledger))));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('confirming then reverting a document restores the stock exactly', () => {
    fc.assert(
      fc.property(
        fc.array(positionArb, { maxLength: 5 }),
        fc.constantFrom(...typeCodes),
        fc.array(positionArb, { minLength: 1, maxLength: 3 }),
        (seed, typeCode, positions) => {
          const seeded = applyMovements(new Map(), movementsOf(header('DIN'), seed));
          if (!seeded.ok) throw new Error('a receipt into empty stock cannot fail');
          const moves = movementsOf(header(typeCode), positions);
          const applied = applyMovements(seeded.stock, moves);
          fc.pre(applied.ok);
          if (!applied.ok) return;
          const back = revertMovements(applied.stock, moves);
          expect(back.ok && sorted(back.stock)).toEqual(sorted(seeded.stock));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
