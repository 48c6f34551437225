import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import type { DecodedCall } from '../../../domain/sync/intentDefinition';
import type { AppContext } from '../../context';
import type { Handler } from '../../unitOfWork';
import { ProductionService } from '../production/productionService';
import { OrderService } from './orderService';
import { VerificationService } from './verificationService';

export const confirmQuery = z.object({ confirm: z.enum(['true', 'false', '1', '0']).optional() });

/** The services of the orders module, one set per app. */
export interface OrderServices {
  readonly orders: OrderService;
  readonly verification: VerificationService;
  readonly production: ProductionService;
}

const services = new WeakMap<AppContext, OrderServices>();

export const orderServicesOf = (ctx: AppContext): OrderServices => {
  const known = services.get(ctx);
  if (known) return known;
  const orders = new OrderService(ctx);
  const made = {
    orders,
    verification: new VerificationService(ctx, orders),
    production: new ProductionService(ctx, orders),
  };
  services.set(ctx, made);
  return made;
};

/**
 * The floor's write calls on orders as handlers (docs/warehouse-api.md "Orders"): recording a counted or picked
 * quantity, generating an order's documents and finishing a count, each in the unit of work it is given — the
 * terminal pushes them as intents, the screens call their routes.
 */
export const orderHandlersOf = (ctx: AppContext) => {
  const { orders, verification } = orderServicesOf(ctx);
  return {
    recordQuantity: async (unit, scope, call) => ({
      status: 200,
      body: await orders.recordQuantity(unit, scope, call.params.id ?? '', call.query.quantityReal),
    }),
    generateDocuments: async (unit, scope, call) => {
      const q = confirmQuery.safeParse(call.query);
      if (!q.success)
        throw new AppError('badRequest', { fields: [{ field: 'confirm', rule: 'invalidValue' }] });
      const confirm = q.data.confirm === undefined || q.data.confirm === 'true' || q.data.confirm === '1';
      return {
        status: 200,
        body: await orders.generateDocuments(unit, scope, call.params.id ?? '', confirm),
      };
    },
    finishCount: async (unit, scope, call) => ({
      status: 200,
      body: await verification.finish(unit, scope, call.params.id ?? '', call.body),
    }),
  } satisfies Record<string, Handler<DecodedCall>>;
};
