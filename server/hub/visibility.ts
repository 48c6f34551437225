import { type Claims, isCarrier } from '../../domain/auth/claims';
import { canRead } from '../../domain/resources/access';
import type { AppContext, DataChange } from '../context';
import { ResourceService } from '../resources/resourceService';
import { carrierSeesRecord } from '../shipping/carrierRecords';

const definitionOf = (ctx: AppContext, resourceType: string) =>
  ctx.schema.definitions.find((d) => d.name === resourceType);

/**
 * Whether a staff user (not a contractor) hears of a change: only of their own account, and of every
 * resource they may read (types outside the generic resources, such as stock, too).
 */
export const staffMaySee = (ctx: AppContext, change: DataChange, claims: Claims): boolean => {
  if (change.clientAccountId !== claims.acc || claims.ctr !== null || isCarrier(claims)) return false;
  const def = definitionOf(ctx, change.resourceType);
  return def === undefined || canRead(def, claims);
};

/**
 * Whether a contractor user hears of a change: only of records they can read now. The row is looked
 * up with their scope, so another contractor's row — or a deleted one, which cannot be checked — is
 * never announced.
 */
export const contractorMaySee = async (
  ctx: AppContext,
  change: DataChange,
  claims: Claims,
): Promise<boolean> => {
  if (change.clientAccountId !== claims.acc || claims.ctr === null || change.action === 'delete')
    return false;
  const def = definitionOf(ctx, change.resourceType);
  if (!def || !canRead(def, claims)) return false;
  try {
    await new ResourceService(ctx, def).get(
      {
        clientAccountId: claims.acc,
        contractorId: claims.ctr,
        userId: claims.sub,
        userName: claims.name,
        claims,
      },
      change.id,
    );
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether a carrier's user hears of a change: only of shipment tickets it may see and of its own freight offers
 * (server/shipping/carrierVisibility.ts looks the record up with the carrier's scope).
 */
export const carrierMaySee = async (
  ctx: AppContext,
  change: DataChange,
  claims: Claims,
): Promise<boolean> => {
  if (change.clientAccountId !== claims.acc || !isCarrier(claims) || change.action === 'delete') return false;
  return carrierSeesRecord(ctx, change.resourceType, change.id, claims);
};
