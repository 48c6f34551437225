import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** The live connection: a SignalR JSON hub at /dataHub (docs/sync-contract.md). */
export const registerHub = async (_app: FastifyInstance, _ctx: AppContext): Promise<void> => {};
