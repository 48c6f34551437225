import { addQuantities } from '../../../domain/warehouse/quantity';
import { movementsOf } from '../../../domain/warehouse/stock';
import type { DocumentDraft, PositionDraft } from '../../../domain/warehouse/validationInput';
import type { Scope } from '../../resources/scope';
import type { UnitOfWork } from '../../unitOfWork';
import type { LoadedProducts } from '../stock/ruleRows';
import { type KeyDemand, stockServiceOf } from '../stock/stockService';
import { announceStock, type DocumentTables } from './documentTables';

/**
 * Working copies that count in stock (logistics config workingCopiesCountInStock) reserve what they take. A
 * change of a working copy gives its reservation back first, so it is checked against what is free without it,
 * then reserves again for what it takes now; confirming releases it in the statement that moves the stock.
 */

/** Reserves what the document's positions take, per stock key (stockShortfall when a key has too little). */
export const reserveFor = async (
  t: DocumentTables,
  unit: UnitOfWork,
  scope: Scope,
  documentId: string,
  draft: DocumentDraft,
  drafts: readonly PositionDraft[],
  products: LoadedProducts,
): Promise<void> => {
  const demands = new Map<string, KeyDemand>();
  for (const m of movementsOf(draft, drafts)) {
    if (m.quantity >= 0) continue;
    const seen = demands.get(m.keyString);
    demands.set(m.keyString, {
      quantity: addQuantities(seen?.quantity ?? 0, -m.quantity),
      positionIndex: seen?.positionIndex ?? m.positionIndex,
    });
  }
  const labels = new Map([...products].map(([id, p]) => [id, p.index]));
  const changes = await stockServiceOf(t.ctx).reserve(
    unit.tx,
    scope.clientAccountId,
    documentId,
    demands,
    labels,
  );
  announceStock(unit, scope, changes);
};

/** Gives back everything the document reserved (`known`: its reservations, when read already with its lock). */
export const releaseFor = async (
  t: DocumentTables,
  unit: UnitOfWork,
  scope: Scope,
  documentId: string,
  known?: ReadonlyMap<string, number>,
): Promise<void> =>
  announceStock(
    unit,
    scope,
    await stockServiceOf(t.ctx).releaseReservations(unit.tx, scope.clientAccountId, documentId, known),
  );
