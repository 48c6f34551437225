import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Claims } from '../../domain/auth/claims';
import { textOf } from '../../domain/rowValues';
import { carrierSeesTicket } from '../../domain/shipping/carrierVisibility';
import type { AppContext } from '../context';
import { listOf } from './recordInput';
import { column, shippingTablesOf } from './shippingTables';

const uuid = z.uuid();

/**
 * Whether a carrier's user may see a record (for the live connection): a shipment ticket it sees in find
 * transport or was assigned, or one of its own freight offers. Nothing else of the account.
 */
export const carrierSeesRecord = async (
  ctx: AppContext,
  resourceType: string,
  id: string,
  claims: Pick<Claims, 'acc' | 'crr'>,
): Promise<boolean> => {
  const carrierId = claims.crr;
  if (typeof carrierId !== 'string' || !uuid.safeParse(id).success) return false;
  const t = shippingTablesOf(ctx);
  if (resourceType === 'shipmentTicket') {
    const c = (name: string) => column(t.tickets, name);
    const [ticket] = await ctx.db
      .select({
        statusCode: c('statusCode'),
        invitedCarrierIds: c('invitedCarrierIds'),
        assignedCarrierId: c('assignedCarrierId'),
      })
      .from(t.tickets)
      .where(and(eq(c('clientAccountId'), claims.acc), eq(c('id'), id)));
    return (
      ticket !== undefined &&
      carrierSeesTicket(
        {
          statusCode: ticket.statusCode,
          invitedCarrierIds: listOf(ticket.invitedCarrierIds),
          assignedCarrierId: textOf(ticket.assignedCarrierId),
        },
        carrierId,
      )
    );
  }
  if (resourceType === 'freightOffer') {
    const c = (name: string) => column(t.offers, name);
    const [offer] = await ctx.db
      .select({ carrierId: c('carrierId') })
      .from(t.offers)
      .where(and(eq(c('clientAccountId'), claims.acc), eq(c('id'), id)));
    return offer?.carrierId === carrierId;
  }
  return false;
};
