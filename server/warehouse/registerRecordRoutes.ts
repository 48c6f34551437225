import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerStorageSpaceRoutes } from './records/storageSpaceRoutes';

/**
 * Warehouse records beyond the generic CRUD: storage locations (tree, generator, map schema). Files (product
 * images and every record's attachments) are the office's (server/office/registerOffice.ts).
 */
export const registerRecordRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  app.register(async (scoped) => {
    registerStorageSpaceRoutes(scoped, ctx);
  });
};
