import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerFileRoutes } from '../files/fileRoutes';
import { registerStorageSpaceRoutes } from './records/storageSpaceRoutes';

/**
 * Warehouse records beyond the generic CRUD: files (product images) and storage locations (tree,
 * generator, map schema). One encapsulated plugin, so multipart parsing exists only here.
 */
export const registerRecordRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  app.register(async (scoped) => {
    await registerFileRoutes(scoped, ctx);
    registerStorageSpaceRoutes(scoped, ctx);
  });
};
