import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppContext, requestLanguage } from '../context';
import type { Row } from '../resources/rows';
import { Basket, type LineRef } from './basket';
import { Catalogue } from './catalogue';
import { type ConfirmedOrder, confirmBasket } from './confirmOrder';
import { ContractorOrders } from './contractorOrders';
import { orderConfirmationMail } from './portalMail';
import { type PortalScope, portalScopeOf } from './portalScope';

type Query = Record<string, unknown>;

/** Query parameters and JSON body together (the spec names query parameters; a body works as well). */
const argsOf = (request: FastifyRequest): Query => {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Query) : {};
  return { ...body, ...(request.query as Query) };
};

/**
 * The contractor portal's calls (the contractor orders API), spelled as the specification spells them and
 * matched without regard to case, plus the portal's own: my orders, one order, repeating an order.
 */
export const registerPortalRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const basket = new Basket(ctx);
  const catalogue = new Catalogue(ctx);
  const orders = new ContractorOrders(ctx, basket);
  const base = '/api/contractororders';

  /** The order confirmation to the contractor user (read with the basket); a mail failure does not undo the order. */
  const confirmationMail = async (scope: PortalScope, confirmed: ConfirmedOrder, lng: string | undefined) => {
    const { email: to, company } = confirmed.recipient;
    if (!to) return false;
    const order: Row = confirmed.order;
    const language = confirmed.recipient.language ?? lng;
    try {
      await ctx.mailer.send(
        scope.clientAccountId,
        orderConfirmationMail(language, {
          to,
          name: scope.userName,
          company,
          orderNumber: String(order.orderNumber ?? ''),
          deliveryDate: String(order.deliveryDate ?? '').slice(0, 10),
          comment: typeof order.comment === 'string' ? order.comment : null,
          lines: confirmed.order.positions.map((p) => {
            const product = confirmed.products.get(String(p.productId));
            return {
              index: product?.index ?? '',
              name: product?.name ?? '',
              quantity: String(p.quantity),
              unit: product?.unit ?? '',
            };
          }),
          link: `${ctx.config.publicUrl}/portal/orders/${String(order.id)}`,
        }),
      );
      return true;
    } catch (error) {
      app.log.warn({ err: error }, 'portal: order confirmation e-mail failed');
      return false;
    }
  };

  app.get(`${base}/list-cart-product`, async (request) =>
    basket.list(portalScopeOf(request), request.query as Query, requestLanguage(request)),
  );
  app.get(`${base}/cart-summary`, async (request) =>
    basket.summary(portalScopeOf(request), requestLanguage(request)),
  );
  app.post(`${base}/add-to-cart`, async (request) => {
    const args = argsOf(request);
    return basket.add(portalScopeOf(request), args.productId, args.quantity, requestLanguage(request));
  });
  app.patch(`${base}/edit-cart-product`, async (request) => {
    const args = argsOf(request);
    return basket.edit(portalScopeOf(request), args as LineRef, args.quantity, requestLanguage(request));
  });
  app.delete(`${base}/delete-cart-product`, async (request, reply) => {
    await basket.remove(portalScopeOf(request), argsOf(request) as LineRef);
    return reply.status(204).send();
  });
  app.post(`${base}/confirm-order`, async (request, reply) => {
    const scope = portalScopeOf(request);
    const args = argsOf(request);
    const lng = requestLanguage(request);
    const confirmed = await confirmBasket(
      ctx,
      basket,
      scope,
      { deliveryDate: args.deliveryDate, comment: args.comment },
      lng,
    );
    const mailed = await confirmationMail(scope, confirmed, lng);
    return reply.status(201).send({ ...orders.confirmed(confirmed), mailed });
  });
  app.get(`${base}/availible-products`, async (request) =>
    catalogue.products(portalScopeOf(request), request.query as Query, requestLanguage(request)),
  );
  app.get(`${base}/availible-prod-groups`, async (request) => catalogue.groups(portalScopeOf(request)));
  app.get(`${base}/last-orders`, async (request) =>
    orders.last(portalScopeOf(request), request.query as Query, requestLanguage(request)),
  );
  app.get(`${base}/my-orders`, async (request) =>
    orders.list(portalScopeOf(request), request.query as Query, requestLanguage(request)),
  );
  app.get<{ Params: { id: string } }>(`${base}/order/:id`, async (request) =>
    orders.get(portalScopeOf(request), request.params.id, requestLanguage(request)),
  );
  app.post<{ Params: { id: string } }>(`${base}/repeat-order/:id`, async (request) =>
    orders.repeat(portalScopeOf(request), request.params.id, requestLanguage(request)),
  );
};
