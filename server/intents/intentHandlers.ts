import type { DecodedCall } from '../../domain/sync/intentDefinition';
import type { IntentKind } from '../../domain/sync/intents';
import type { AppContext } from '../context';
import type { Handler } from '../unitOfWork';
import { documentHandlersOf } from '../warehouse/documents/documentHandlers';
import { orderHandlersOf } from '../warehouse/orders/orderHandlers';

/** The handler of each synced intent kind: a kind without one does not compile. */
export type IntentHandlers = { readonly [K in IntentKind]: Handler<DecodedCall> };

const tables = new WeakMap<AppContext, IntentHandlers>();

/**
 * Which handler answers each intent of the registry (domain/sync/intents.ts): its route
 * (server/intents/intentRoutes.ts) and a batch push (server/sync/pushBatch.ts) both dispatch here.
 */
export const intentHandlersOf = (ctx: AppContext): IntentHandlers => {
  const known = tables.get(ctx);
  if (known) return known;
  const documents = documentHandlersOf(ctx);
  const orders = orderHandlersOf(ctx);
  const handlers: IntentHandlers = {
    'document.create': documents.create,
    'document.confirm': documents.confirm,
    'document.delete': documents.remove,
    'line.add': documents.addLine,
    'line.update': documents.updateLine,
    'line.remove': documents.removeLine,
    'orderPosition.quantityReal': orders.recordQuantity,
    'order.generateDocuments': orders.generateDocuments,
    'verification.finish': orders.finishCount,
  };
  tables.set(ctx, handlers);
  return handlers;
};
