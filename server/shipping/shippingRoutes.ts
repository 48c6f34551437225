import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { scopeOf } from '../resources/scope';
import { CarrierThreads } from './carrierThreads';
import { OfferService } from './offerService';
import { TicketService } from './ticketService';
import { runWork } from './unitOfWork';

type IdParams = { id: string };
type Query = Record<string, unknown>;

export const rescheduleBody = z
  .object({
    pickupTime: z.iso.datetime({ offset: true }).optional(),
    deliveryTime: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((b) => b.pickupTime !== undefined || b.deliveryTime !== undefined);

/**
 * Shipping (docs/decisions.md, "Shipping"): thin routes over TicketService and OfferService, each action in one
 * unit of work (runWork commits, then announces the changes and sends the e-mails).
 * Staff: ShipmentTicket writes and actions, FreightOffer/{id}/confirm, ShipmentTicket/{id}/CarrierThreads.
 * Carriers: Transport/… (Transport/Tickets/{id}/Thread: its thread with the warehouse).
 */
export const registerShippingRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const tickets = new TicketService(ctx);
  const offers = new OfferService(ctx);
  const threads = new CarrierThreads(ctx);
  const now = () => new Date();
  const base = '/api/ShipmentTicket';

  app.get(`${base}/Proposal`, async (request) => tickets.proposal(scopeOf(request), request.query as Query));
  app.get(`${base}/Carriers`, async (request) => tickets.carriers(scopeOf(request)));
  app.post(base, async (request, reply) =>
    reply
      .status(201)
      .send(await runWork(ctx, now(), (work) => tickets.create(work, scopeOf(request), request.body))),
  );
  app.put<{ Params: IdParams }>(`${base}/:id`, async (request) =>
    runWork(ctx, now(), (work) => tickets.update(work, scopeOf(request), request.params.id, request.body)),
  );
  app.delete<{ Params: IdParams }>(`${base}/:id`, async (request, reply) => {
    await runWork(ctx, now(), (work) => tickets.remove(work, scopeOf(request), request.params.id));
    return reply.status(204).send();
  });
  app.get<{ Params: IdParams }>(`${base}/:id/Detail`, async (request) =>
    tickets.detail(scopeOf(request), request.params.id),
  );
  for (const action of ['publish', 'unpublish', 'archive'] as const)
    app.post<{ Params: IdParams }>(`${base}/:id/${action}`, async (request) =>
      runWork(ctx, now(), (work) => tickets[action](work, scopeOf(request), request.params.id)),
    );
  app.post<{ Params: IdParams }>(`${base}/:id/reschedule`, async (request) => {
    const body = rescheduleBody.safeParse(request.body ?? {});
    if (!body.success)
      throw new AppError('formHasErrors', { fields: [{ field: 'pickupTime', rule: 'invalidValue' }] });
    const { pickupTime, deliveryTime } = body.data;
    return runWork(ctx, now(), (work) =>
      tickets.reschedule(work, scopeOf(request), request.params.id, {
        ...(pickupTime ? { pickupTime: new Date(pickupTime) } : {}),
        ...(deliveryTime ? { deliveryTime: new Date(deliveryTime) } : {}),
      }),
    );
  });

  app.get<{ Params: IdParams }>(`${base}/:id/CarrierThreads`, async (request) =>
    threads.listForStaff(scopeOf(request), request.params.id),
  );
  app.post<{ Params: IdParams }>(`${base}/:id/CarrierThreads`, async (request) =>
    runWork(ctx, now(), (work) =>
      threads.startForStaff(work, scopeOf(request), request.params.id, request.body),
    ),
  );

  app.post<{ Params: IdParams }>('/api/FreightOffer/:id/confirm', async (request) =>
    runWork(ctx, now(), (work) => offers.confirm(work, scopeOf(request), request.params.id)),
  );

  const transport = '/api/Transport';
  app.get(`${transport}/Tickets`, async (request) =>
    offers.findTransport(scopeOf(request), request.query as Query),
  );
  app.get<{ Params: IdParams }>(`${transport}/Tickets/:id`, async (request) =>
    offers.carrierTicketById(scopeOf(request), request.params.id),
  );
  app.post<{ Params: IdParams }>(`${transport}/Tickets/:id/Offers`, async (request, reply) =>
    reply
      .status(201)
      .send(
        await runWork(ctx, now(), (work) =>
          offers.make(work, scopeOf(request), request.params.id, request.body),
        ),
      ),
  );
  app.get<{ Params: IdParams }>(`${transport}/Tickets/:id/Thread`, async (request) =>
    threads.ownThread(scopeOf(request), request.params.id),
  );
  app.post<{ Params: IdParams }>(`${transport}/Tickets/:id/Thread`, async (request) =>
    runWork(ctx, now(), (work) => threads.startForCarrier(work, scopeOf(request), request.params.id)),
  );
  app.get(`${transport}/Offers`, async (request) =>
    offers.carrierOffers(scopeOf(request), request.query as Query),
  );
  app.put<{ Params: IdParams }>(`${transport}/Offers/:id`, async (request) =>
    runWork(ctx, now(), (work) => offers.change(work, scopeOf(request), request.params.id, request.body)),
  );
  app.post<{ Params: IdParams }>(`${transport}/Offers/:id/withdraw`, async (request) =>
    runWork(ctx, now(), (work) => offers.withdraw(work, scopeOf(request), request.params.id)),
  );
};
