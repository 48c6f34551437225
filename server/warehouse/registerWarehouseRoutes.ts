import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerDocumentRoutes } from './documents/documentRoutes';
import { registerInventoryRoutes } from './stock/inventoryRoutes';

/** Warehouse documents and the stock ledger (server/warehouse/documents, server/warehouse/stock). */
export const registerWarehouseRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  registerDocumentRoutes(app, ctx);
  registerInventoryRoutes(app, ctx);
};
