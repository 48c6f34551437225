import { and, eq, lte, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { sessionVersionOf } from '../auth/claimsOf';
import { hashPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/refreshTokens';
import { catalystResourceHooks } from '../catalyst/catalystHooks';
import { externalCredentialsHooks } from '../external/externalCredentialsHooks';
import { tagHooks } from '../office/tagHooks';
import { printResourceHooks } from '../print/printHooks';
import { assertCarrierLink } from '../shipping/carrierLink';
import { column } from '../sharedAccess/sharedLinkRows';
import { assertNotOwnAncestor } from '../warehouse/records/locationTree';
import { barcodesOf, distinctBarcodes, replaceProductBarcodes } from '../warehouse/records/productBarcodes';
import type { ResourceHooks } from './hookTypes';
import type { Row } from './rows';

export type { ResourceHooks, WriteArgs } from './hookTypes';

const userHooks: ResourceHooks = {
  async beforeWrite({ scope, values, existing, tx }) {
    const out: Row = { ...values };
    const isSuper = scope.claims.IsSuperUser;
    await assertCarrierLink(tx, scope.clientAccountId, { ...existing, ...values });
    // Only a super user may create super users or change one.
    if (!isSuper && (out.isSuperUser === true || existing?.isSuperUser === true))
      throw new AppError('forbidden');
    if (existing?.id === scope.userId) {
      if (out.isBlocked === true)
        throw new AppError('forbidden', { fields: [{ field: 'isBlocked', rule: 'invalidValue' }] });
      if (existing.isSuperUser === true && out.isSuperUser === false)
        throw new AppError('forbidden', { fields: [{ field: 'isSuperUser', rule: 'invalidValue' }] });
    }
    const password = typeof out.password === 'string' ? out.password : undefined;
    delete out.password;
    if (password) out.passwordHash = await hashPassword(password);
    else if (!existing)
      throw new AppError('formHasErrors', { fields: [{ field: 'password', rule: 'required' }] });
    if (!existing) {
      out.createdDate = new Date();
      out.isActivated = true;
    }
    // Blocked, or given a password by someone else: the user's sessions end now — their access tokens on the
    // next request (server/auth/userAccess.ts), their refresh tokens here.
    const blocked = existing && out.isBlocked === true && existing.isBlocked !== true;
    const passwordSetByOther = existing && password && existing.id !== scope.userId;
    if (existing && (blocked || passwordSetByOther)) {
      out.sessionEpoch = sessionVersionOf(existing) + 1;
      await revokeUserSessions(tx, String(existing.id));
    }
    return out;
  },
  async beforeDelete({ scope, existing, tx }) {
    if (existing.id === scope.userId) throw new AppError('forbidden');
    if (existing.isSuperUser === true && !scope.claims.IsSuperUser) throw new AppError('forbidden');
    await revokeUserSessions(tx, String(existing.id));
  },
};

// ---- Warehouse records ----

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Products: every barcode unique within the account (product_barcode). */
const productHooks: ResourceHooks = {
  async beforeWrite({ values }) {
    // One code twice (or an EAN-13 and its GTIN-14) is one barcode.
    return 'barcodes' in values
      ? { ...values, barcodes: distinctBarcodes(barcodesOf(values.barcodes)) }
      : values;
  },
  async afterWrite({ scope, row, existing, tx }) {
    const barcodes = barcodesOf(row.barcodes);
    if (existing && sameList(barcodesOf(existing.barcodes), barcodes)) return;
    await replaceProductBarcodes(tx, scope.clientAccountId, String(row.id), barcodes);
  },
};

/** Locations: the tree has no cycles; the map schema goes with the location. */
const storageSpaceHooks: ResourceHooks = {
  async beforeWrite({ scope, values, existing, tx }) {
    const parentId = typeof values.parentId === 'string' ? values.parentId : null;
    if (existing && parentId && parentId !== existing.parentId)
      await assertNotOwnAncestor(tx, scope.clientAccountId, String(existing.id), parentId);
    return values;
  },
};

/** The face database: who enrolled the latest descriptors and when, and how many there are (server/faces/). */
const computerVisionHooks: ResourceHooks = {
  async beforeWrite({ scope, values, existing }) {
    const descriptors = 'descriptors' in values ? values.descriptors : existing?.descriptors;
    return {
      ...values,
      descriptorCount: Array.isArray(descriptors) ? descriptors.length : 0,
      enrolledById: scope.userId,
      enrolledAt: new Date(),
    };
  },
};

/**
 * Shared access links: before any read, those whose time is up are marked as no longer available, so the stored
 * flag the lists filter and sort on is true when read (ending by use or withdrawal is written when it happens).
 */
const sharedAccessHooks: ResourceHooks = {
  async beforeRead({ scope, table, db, now }) {
    await db
      .update(table)
      .set({ isAvailable: false, endReason: sql`coalesce(${column(table, 'endReason')}, 'expired')` })
      .where(
        and(
          eq(column(table, 'clientAccountId'), scope.clientAccountId),
          eq(column(table, 'isAvailable'), true),
          lte(column(table, 'expiresAt'), now),
        ),
      );
  },
};

export const resourceHooks: Readonly<Record<string, ResourceHooks>> = {
  computerVision: computerVisionHooks,
  user: userHooks,
  product: productHooks,
  storageSpace: storageSpaceHooks,
  sharedAccess: sharedAccessHooks,
  tag: tagHooks,
  externalCredentials: externalCredentialsHooks,
  ...catalystResourceHooks,
  ...printResourceHooks,
};
