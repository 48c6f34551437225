import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { writeSystemLog } from '../http/systemLog';
import { scopeOf } from '../resources/scope';
import { runWork } from '../shipping/unitOfWork';
import { SellOfferService } from './sellOfferService';

type IdParams = { id: string };

/** How often each server process closes sell offers past their validity (their goods go back to stock). */
const expiryEveryMs = 60_000;

/**
 * Sell offers' own calls (the list is GET WmsOrder/Offers/Sell): send (reserve), accept (release order), reject;
 * and the sweep that closes expired offers, run by every process (SKIP LOCKED keeps them apart).
 */
export const registerSellOfferRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const offers = new SellOfferService(ctx);
  const base = '/api/WmsOrder/:id/offer';
  app.get<{ Params: IdParams }>('/api/WmsOrder/Offers/Sell/:id', async (request) =>
    offers.get(scopeOf(request), request.params.id),
  );
  app.post<{ Params: IdParams }>(`${base}/send`, async (request) =>
    runWork(ctx, new Date(), (work) => offers.send(work, scopeOf(request), request.params.id)),
  );
  app.post<{ Params: IdParams }>(`${base}/accept`, async (request) =>
    runWork(ctx, new Date(), (work) => offers.accept(work, scopeOf(request), request.params.id)),
  );
  app.post<{ Params: IdParams }>(`${base}/reject`, async (request) =>
    runWork(ctx, new Date(), (work) => offers.reject(work, scopeOf(request), request.params.id)),
  );
  const timer = setInterval(() => {
    offers.expireDue(new Date()).catch((error: unknown) =>
      writeSystemLog(ctx, undefined, {
        level: 'error',
        message: 'closing expired sell offers failed',
        exception: error instanceof Error ? (error.stack ?? error.message) : String(error),
        source: 'sell offers',
      }),
    );
  }, expiryEveryMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
