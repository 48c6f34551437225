import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

export interface SystemLogEntry {
  readonly level: 'error' | 'warning' | 'info';
  readonly message: string;
  readonly exception?: string;
  readonly source?: string;
  readonly httpStatusCode?: number;
  readonly properties?: Record<string, unknown>;
}

/**
 * Writes one system log row (what is kept: docs/decisions.md, "Resources"); never throws, logging must not
 * break a response.
 */
export const writeSystemLog = async (
  ctx: AppContext,
  request: FastifyRequest | undefined,
  entry: SystemLogEntry,
) => {
  const table = ctx.schema.resourceTables.systemLog;
  if (!table) return;
  try {
    await ctx.db.insert(table).values({
      clientAccountId: request?.auth?.acc ?? null,
      level: entry.level,
      machineName: ctx.config.machineName,
      message: entry.message.slice(0, 4000),
      exception: entry.exception?.slice(0, 20000) ?? null,
      properties: {
        method: request?.method,
        url: request?.url,
        userId: request?.auth?.sub,
        ...entry.properties,
      },
      source: entry.source ?? request?.routeOptions.url ?? null,
      raiseDate: new Date(),
      elapsed: request ? Math.round(performance.now() - request.startedAt) : null,
      httpStatusCode: entry.httpStatusCode ?? null,
      requestId: request?.id ?? null,
    });
  } catch (err) {
    request?.log.error({ err }, 'could not write the system log');
  }
};
