import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMovements,
  movementsOf,
  revertMovements,
  stockKeyString,
} from '../../../../domain/warehouse/stock';
import type { DocumentDraft, PositionDraft } from '../../../../domain/warehouse/validationInput';
import type { Row } from '../../../../server/resources/rows';
import { fromDbKey } from '../../../../server/warehouse/stock/stockKeys';
import { stockServiceOf } from '../../../../server/warehouse/stock/stockService';
import {
  anAccount,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  stockRowsOf,
  type TestUser,
} from '../../../support/builders';
import { hangGuardMs } from '../../../support/hangGuard';
import { createTestApp, type TestApp } from '../../../support/testApp';

/**
 * The ledger property of issue 3 against the real server: random sequences of receipts, releases, relocations,
 * confirmations and reverts through the API keep the stock equal to the ledger sum (StockService
 * .ledgerDifferences), never negative, and equal to the domain's own arithmetic applied to what the server
 * accepted. (test/domain/warehouse/stock.property.test.ts runs the pure version 1,000 times.)
 */

const typeCodes = ['DIN', 'DOU', 'ARL', 'LCR'] as const;
type TypeCode = (typeof typeCodes)[number];

interface LineSpec {
  readonly product: 0 | 1;
  readonly quantity: number;
  readonly from: 0 | 1;
  readonly to: 0 | 1;
  readonly container: 'C1' | null;
  readonly expDate: '2030-01-01' | null;
}

type Command =
  | {
      readonly op: 'create';
      readonly typeCode: TypeCode;
      readonly lines: LineSpec[];
      readonly confirm: boolean;
    }
  | { readonly op: 'confirm' | 'revert'; readonly pick: number };

const lineArb: fc.Arbitrary<LineSpec> = fc.record({
  product: fc.constantFrom(0 as const, 1 as const),
  // Halves and quarters exercise the fixed-precision arithmetic.
  quantity: fc.integer({ min: 1, max: 24 }).map((n) => n / 4),
  from: fc.constantFrom(0 as const, 1 as const),
  to: fc.constantFrom(0 as const, 1 as const),
  container: fc.constantFrom('C1' as const, null),
  expDate: fc.constantFrom('2030-01-01' as const, null),
});

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('create' as const),
      // Receipts twice as often, so releases find goods.
      typeCode: fc.constantFrom<TypeCode>('DIN', 'DIN', 'DOU', 'ARL', 'LCR'),
      lines: fc.array(lineArb, { minLength: 1, maxLength: 3 }),
      confirm: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('confirm' as const), pick: fc.nat(30) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('revert' as const), pick: fc.nat(30) }) },
);

const header: DocumentDraft = {
  typeCode: 'DIN',
  statusCode: 'workingCopy',
  contractorId: null,
  sourceLocationId: null,
  destinationLocationId: null,
  sourceContainer: null,
  destinationContainer: null,
  orderId: null,
};

describe('stock ledger property through the API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A document's positions as the API takes them, each naming the sides its type has. */
  const positionsOf = (
    typeCode: TypeCode,
    lines: readonly LineSpec[],
    products: readonly Row[],
    locations: readonly Row[],
  ): PositionDraft[] =>
    lines.map((l) => {
      const takes = typeCode !== 'DIN';
      const gives = typeCode !== 'DOU';
      return {
        productId: String(products[l.product]?.id),
        quantity: l.quantity,
        sourceLocationId: takes ? String(locations[l.from]?.id) : null,
        destinationLocationId: gives ? String(locations[l.to]?.id) : null,
        // A bin relocation names the bin it moves; other types may carry one on the side they have.
        sourceContainer: typeCode === 'LCR' ? 'C1' : takes ? l.container : null,
        destinationContainer: typeCode === 'DIN' ? l.container : null,
        serialNumber: null,
        prodDate: null,
        expDate: l.expDate,
      };
    });

  it('keeps stock equal to the ledger sum and to the domain arithmetic, never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 14 }), async (commands) => {
        const acc = await anAccount(t.ctx);
        const user: TestUser = await aSuperUser(t.ctx, acc);
        const products = [await aStockProduct(t.ctx, acc), await aStockProduct(t.ctx, acc)];
        const locations = [await aStockLocation(t.ctx, acc), await aStockLocation(t.ctx, acc)];
        const docs: { id: string; draft: DocumentDraft; positions: PositionDraft[] }[] = [];
        let model = new Map<string, number>();

        for (const command of commands) {
          if (command.op === 'create') {
            const positions = positionsOf(command.typeCode, command.lines, products, locations);
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/WmsDocument',
              headers: user.headers,
              payload: { typeCode: command.typeCode, positions, confirm: command.confirm },
            });
            // Refusals are the rules' (422) or the stock's (409); nothing else.
            expect([201, 409, 422], res.body).toContain(res.statusCode);
            if (res.statusCode === 409) expect(res.json().code).toBe('stockShortfall');
            if (res.statusCode === 201) {
              const draft = { ...header, typeCode: command.typeCode };
              docs.push({ id: String(res.json().id), draft, positions });
              if (command.confirm) {
                const applied = applyMovements(model, movementsOf(draft, positions));
                expect(applied.ok).toBe(true);
                if (applied.ok) model = applied.stock;
              }
            }
          } else {
            const doc = docs.length ? docs[command.pick % docs.length] : undefined;
            if (!doc) continue;
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/WmsDocument/${doc.id}/${command.op}`,
              headers: user.headers,
            });
            expect([200, 409, 422], res.body).toContain(res.statusCode);
            const moves = movementsOf(doc.draft, doc.positions);
            if (command.op === 'confirm' && res.statusCode === 200) {
              const applied = applyMovements(model, moves);
              // The server's rules are at least as strict as the arithmetic.
              expect(applied.ok).toBe(true);
              if (applied.ok) model = applied.stock;
            }
            if (command.op === 'revert') {
              const reverted = revertMovements(model, moves);
              const status = (
                await t.app.inject({
                  method: 'GET',
                  url: `/api/WmsDocument/${doc.id}`,
                  headers: user.headers,
                })
              ).json().statusCode;
              // A confirmed document reverts exactly when the domain can take its movements back.
              if (res.statusCode === 200) {
                expect(reverted.ok).toBe(true);
                if (reverted.ok) model = reverted.stock;
              } else if (status === 'confirmed') {
                expect(res.json().code).toBe('stockShortfall');
                expect(reverted.ok).toBe(false);
              }
            }
          }

          const rows = await stockRowsOf(t.ctx, acc);
          for (const r of rows) {
            expect(r.quantity).toBeGreaterThan(0);
            expect(r.reserved).toBe(0);
          }
          const actual = new Map(rows.map((r) => [stockKeyString(fromDbKey(r)), r.quantity]));
          expect([...actual].sort()).toEqual([...model].sort());
          expect(await stockServiceOf(t.ctx).ledgerDifferences(t.ctx.db, acc)).toEqual([]);
        }
      }),
      // 200 sequences of up to 14 API calls each: about 10–15 s per database, run in CI on both.
      { numRuns: 200 },
    );
  }, hangGuardMs);
});
