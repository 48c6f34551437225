import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** The change feed and idempotent push (docs/sync-contract.md). */
export const registerSync = (_app: FastifyInstance, _ctx: AppContext): void => {};
