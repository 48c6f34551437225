import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerWmsOrderRoutes } from './orders/orderRoutes';
import { registerProductionRoutes } from './production/productionRoutes';

/** Warehouse orders, stock counts and production (server/warehouse/orders, server/warehouse/production). */
export const registerOrderRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  registerWmsOrderRoutes(app, ctx);
  registerProductionRoutes(app, ctx);
};
