import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerAsClientRoutes } from './asClientRoutes';
import { registerCatalystRoutes } from './catalystRoutes';
import { registerClientAdminRoutes } from './clientAdminRoutes';
import { registerClientAuth } from './clientAuth';
import { registerClientHub } from './clientHub';
import { CatalystNotices } from './notices';
import { PricingCache } from './pricingCache';
import { registerRateRoutes } from './rates/rateRoutes';
import { CatalystScheduler } from './scheduler';
import { UsageCounter } from './usage';

export interface CatalystOptions {
  /** The time the scheduler and quotes go by; default the server's clock (tests drive a fake one). */
  readonly clock?: () => Date;
  /** How often the scheduler looks for due jobs; 0: never by itself (tests call runDue). */
  readonly schedulerIntervalMs?: number;
  /** HTTP quote sources may be on private addresses (CATALYST_SOURCES_PRIVATE=1; tests' local server). */
  readonly allowPrivateSources?: boolean;
  /** How often usage counts are written. */
  readonly usageFlushMs?: number;
}

/** What tests and the server's start reach of the module. */
export interface CatalystModule {
  readonly scheduler: CatalystScheduler;
  readonly notices: CatalystNotices;
  readonly usage: UsageCounter;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalyst: CatalystModule;
  }
}

/** Changes of these records may change what a client sees: its clients are told to read again. */
const pricingResources = new Set([
  'catalyst',
  'catalystProducer',
  'catalystGroup',
  'companyStockRateRule',
  'companyCurrencyRateRule',
  'catalystUserGroup',
  'catalystClientUser',
  'catalystIndividualRule',
  'clientRecyclingConfig',
]);

const numberFromEnv = (name: string, fallback: number): number => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v >= 0 ? v : fallback;
};

/**
 * The catalyst buying and pricing module (docs/catalyst-pricing.md, docs/decisions.md "Catalyst"): staff calls
 * under /api/catalyst, the client accounts' sign-in, catalogue, cart and live connection, and the scheduler of
 * quotes and market phases.
 */
export const registerCatalyst = async (
  app: FastifyInstance,
  ctx: AppContext,
  opts: CatalystOptions = {},
): Promise<void> => {
  const clock = opts.clock ?? (() => new Date(ctx.clock.now()));
  const onError = (error: unknown) => app.log.warn({ err: error }, 'catalyst');
  const notices = new CatalystNotices(randomUUID(), ctx.database.pool, onError);
  const usage = new UsageCounter(ctx.db, clock);
  const allowPrivateSources = opts.allowPrivateSources ?? ctx.config.catalystPrivateSources;
  const scheduler = new CatalystScheduler(ctx, {
    clock,
    origin: randomUUID(),
    notices,
    allowPrivateSources,
    onError,
  });
  app.decorate('catalyst', { scheduler, notices, usage });

  await app.register(async (scoped) => {
    await scoped.register(multipart, {
      limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10, parts: 20 },
    });
    registerRateRoutes(scoped, ctx, { clock, allowPrivateSources });
  });
  registerCatalystRoutes(app, ctx);
  registerClientAuth(app, ctx, usage);
  const pricing = await PricingCache.open(ctx.database);
  registerAsClientRoutes(app, ctx, { usage, clock, pricing });
  registerClientAdminRoutes(app, ctx, { usage, clock });
  registerClientHub(app, ctx, notices);

  const subscription = ctx.changes.subscribe((change) => {
    if (pricingResources.has(change.resourceType))
      notices.publish(change.clientAccountId, { kind: 'prices', reason: change.resourceType });
  });
  await notices.start();
  const flushMs = opts.usageFlushMs ?? 10_000;
  const flushTimer = setInterval(() => void usage.flush(), flushMs);
  flushTimer.unref();
  scheduler.start(opts.schedulerIntervalMs ?? numberFromEnv('CATALYST_SCHEDULER_MS', 15_000));

  app.addHook('preClose', async () => {
    subscription.unsubscribe();
    clearInterval(flushTimer);
    await scheduler.stop();
    await usage.flush();
    await notices.close();
    await pricing.close();
  });
};
